import { Navigate, useSearchParams } from '../lib/router/index.ts';
import { useDataSource } from '../data/data-source.tsx';
import { useAuth } from '../data/auth-provider.tsx';
import { AccountsNeedServer, AuthCard } from '../features/auth/components/auth-card.tsx';
import { LoginForm, type LoginMode } from '../features/auth/components/login-form.tsx';
import { safeReturnPath } from '../features/auth/safe-path.ts';
import { PageMain } from '../ui/page-main.tsx';
import { StatusMessage } from '../ui/status-views.tsx';

/**
 * /login?from=<path>&mode=signup. The mode lives in the URL so 'Sign Up' in the header opens the
 * sign-up form; once signed in (now or already) the user goes to 'from'.
 */
export function LoginPage() {
  const [params, setParams] = useSearchParams();
  const { status } = useAuth();
  const { mode: dataMode } = useDataSource();
  const from = safeReturnPath(params.get('from'));
  const mode: LoginMode = params.get('mode') === 'signup' ? 'signup' : 'signin';

  if (status === 'signed-in') return <Navigate to={from} replace />;
  if (status === 'loading') {
    return (
      <PageMain className="mx-auto max-w-md px-4 sm:px-6">
        <StatusMessage>Loading...</StatusMessage>
      </PageMain>
    );
  }

  const setMode = (next: LoginMode) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'signup') updated.set('mode', 'signup');
        else updated.delete('mode');
        return updated;
      },
      { replace: true },
    );

  const signingUp = mode === 'signup';
  return (
    <AuthCard
      title={signingUp ? 'Create your account' : 'Sign in to Toolshed'}
      intro={
        signingUp
          ? 'One account lets you rent from your neighbours and lend your own tools.'
          : 'Sign in to rent items, list your own tools and follow your rentals.'
      }
    >
      {dataMode === 'mock' && <AccountsNeedServer />}
      <LoginForm mode={mode} onModeChange={setMode} from={from} unavailable={dataMode === 'mock'} />
    </AuthCard>
  );
}
