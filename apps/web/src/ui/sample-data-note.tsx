import type { ReactNode } from 'react';

/** The line on an account screen in Mock Data mode: what is shown is sample data, and what needs an account. */
export function SampleDataNote({ children }: { children: ReactNode }) {
  return (
    <p role="note" className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <strong>This is sample data.</strong> The Toolshed server cannot be reached, so this page shows examples, not anyone&apos;s own.{' '}
      {children}
    </p>
  );
}
