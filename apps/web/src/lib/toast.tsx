import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export interface ToastValue {
  show(message: string): void;
}

const TOAST_MS = 5_000;

const ToastContext = createContext<ToastValue | null>(null);

/**
 * Short confirmations ('Added to your wheelbarrow'). The live region is always in the page, empty
 * when idle, because screen readers only announce changes to a region that already exists.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<{ id: number; message: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback((message: string) => {
    clearTimeout(timer.current);
    // A new id re-announces the same text when it is shown twice in a row.
    setToast((prev) => ({ id: (prev?.id ?? 0) + 1, message }));
    timer.current = setTimeout(() => setToast(null), TOAST_MS);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  const value = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--wheelbarrow-bar-height,0px)+1rem)] z-[60] flex justify-center px-4"
      >
        {toast && (
          <p key={toast.id} className="pointer-events-auto rounded-lg bg-stone-900 px-4 py-3 text-sm font-medium text-white shadow-lg">
            {toast.message}
          </p>
        )}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside ToastProvider');
  return value;
}
