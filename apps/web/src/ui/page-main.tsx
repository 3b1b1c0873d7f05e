import type { ReactNode } from 'react';

/** The page's one <main>: the skip link lands here, and tabIndex lets it take focus. */
export function PageMain({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <main id="main-content" tabIndex={-1} className={`min-w-0 outline-none ${className}`}>
      {children}
    </main>
  );
}

/** A simple text page (login placeholder, help, about, not found). */
export function SimplePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageMain className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <title>{`${title} · Toolshed`}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-4 space-y-4 text-slate-700">{children}</div>
    </PageMain>
  );
}
