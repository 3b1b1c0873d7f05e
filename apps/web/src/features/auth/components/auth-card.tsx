import type { ReactNode } from 'react';
import { PageMain } from '../../../ui/page-main.tsx';

/** The narrow, centred page of the sign-in, sign-up and password screens. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <PageMain className="mx-auto max-w-md px-4 py-10 sm:px-6 sm:py-12">
      <title>{`${title} · Toolshed`}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      {intro && <div className="mt-2 text-slate-700">{intro}</div>}
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">{children}</div>
    </PageMain>
  );
}

/** Said instead of a form in Mock Data mode, where there is no server to hold accounts. */
export function AccountsNeedServer() {
  return (
    <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      Accounts need the Toolshed server, which cannot be reached right now, so signing in and signing up are not possible. You can still
      browse the sample catalogue.
    </p>
  );
}
