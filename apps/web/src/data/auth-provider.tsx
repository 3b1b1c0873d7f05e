import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { useDataSource } from './data-source.tsx';
import { fetchSession, sessionKey, signOutOnServer, type SessionUser } from './session.ts';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthValue {
  status: AuthStatus;
  user: SessionUser | null;
  /** Reads the session again (after signing in, confirming an email or changing the name). */
  refresh(): Promise<void>;
  /** Ends the session on the server and forgets everything cached for this account. */
  signOut(): Promise<void>;
}

// Public catalogue data stays cached across sign-out; anything else may belong to the account.
const PUBLIC_QUERY_ROOTS = new Set<unknown>(['categories', 'items', 'item']);

const AuthContext = createContext<AuthValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const { mode } = useDataSource();
  const queryClient = useQueryClient();
  // Asked only once the API is known to be there: in Mock Data mode there is no server to sign in to.
  const session = useQuery({ queryKey: sessionKey, queryFn: fetchSession, enabled: mode === 'api', staleTime: 5 * 60_000 });

  const refresh = useCallback(async () => {
    // A read still on its way left before whatever this refresh follows (a confirmation's new
    // cookie, a sign-in): waiting for it would answer 'signed out'. Drop it, then read again.
    await queryClient.cancelQueries({ queryKey: sessionKey });
    await queryClient.invalidateQueries({ queryKey: sessionKey });
  }, [queryClient]);

  const signOut = useCallback(async () => {
    await signOutOnServer();
    queryClient.setQueryData(sessionKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] && !PUBLIC_QUERY_ROOTS.has(q.queryKey[0]) });
  }, [queryClient]);

  const user = mode === 'api' ? (session.data ?? null) : null;
  let status: AuthStatus;
  if (mode === 'mock') status = 'signed-out';
  else if (mode === 'checking' || session.isPending) status = 'loading';
  else status = user ? 'signed-in' : 'signed-out';

  const value = useMemo(() => ({ status, user, refresh, signOut }), [status, user, refresh, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
