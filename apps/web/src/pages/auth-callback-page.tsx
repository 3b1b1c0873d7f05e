import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from '../lib/router/index.ts';
import { errorReason } from '../lib/api-error.ts';
import { verifyEmail } from '../features/auth/api/auth-requests.ts';
import { hasServerMessage } from '../features/auth/auth-messages.ts';
import { useAuth } from '../data/auth-provider.tsx';
import { primaryButtonClass } from '../ui/form-parts.tsx';
import { safeReturnPath } from '../features/auth/safe-path.ts';
import { PageMain, SimplePage } from '../ui/page-main.tsx';
import { StatusMessage } from '../ui/status-views.tsx';

const FALLBACK = 'An unexpected error occurred during authentication.';

function Completing() {
  return (
    <PageMain className="mx-auto max-w-2xl px-4 sm:px-6">
      <StatusMessage>Completing sign-in...</StatusMessage>
    </PageMain>
  );
}

/** The target of the email confirmation link: /auth/callback?token=...&redirectTo=/path */
export function AuthCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { status, refresh } = useAuth();
  const token = params.get('token');
  const redirectTo = safeReturnPath(params.get('redirectTo'));

  // A query, not an effect, so the one-time token is sent once even when React mounts twice.
  const verification = useQuery({
    queryKey: ['auth', 'verify-email', token],
    queryFn: async () => {
      await verifyEmail(token!);
      await refresh();
      return true;
    },
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  if (token === null) {
    if (status === 'loading') return <Completing />;
    return <Navigate to={status === 'signed-in' ? redirectTo : '/login'} replace />;
  }
  if (verification.isSuccess) return <Navigate to={redirectTo} replace />;
  if (verification.isError && errorReason(verification.error) === 'EMAIL_ALREADY_VERIFIED') {
    return <AlreadyConfirmed signedIn={status === 'signed-in'} redirectTo={redirectTo} />;
  }
  if (verification.isError) {
    return (
      <SimplePage title="Authentication Error">
        <div role="alert">
          <p>{hasServerMessage(verification.error) ? verification.error.message : FALLBACK}</p>
        </div>
        <p>
          <button type="button" onClick={() => void navigate('/login')} className={primaryButtonClass}>
            Back to Login
          </button>
        </p>
      </SimplePage>
    );
  }
  return <Completing />;
}

/** A confirmation link used twice: nothing is wrong, so no error page; the way on is signing in. */
function AlreadyConfirmed({ signedIn, redirectTo }: { signedIn: boolean; redirectTo: string }) {
  return (
    <SimplePage title="Email already confirmed">
      <p role="status">Your email address is already confirmed{signedIn ? ' and you are signed in.' : '. Please sign in to continue.'}</p>
      <p>
        <Link to={signedIn ? redirectTo : `/login?from=${encodeURIComponent(redirectTo)}`} className={primaryButtonClass}>
          {signedIn ? 'Continue' : 'Sign in'}
        </Link>
      </p>
    </SimplePage>
  );
}
