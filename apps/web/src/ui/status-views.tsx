import type { ReactNode } from 'react';

/** A polite live region, so 'Loading...' and similar are announced and findable by role. */
export function StatusMessage({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="flex items-center gap-3 py-12 text-slate-700">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-slate-300 border-t-emerald-700" aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}

/** A failed load: says what happened and offers a retry, never an empty state. */
export function ErrorState({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6">
      <p className="font-semibold text-red-900">{title}</p>
      <p className="mt-1 text-sm text-red-800">{message}</p>
      <button
        type="button"
        onClick={onRetry}
        className="mt-4 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
      >
        Try again
      </button>
    </div>
  );
}
