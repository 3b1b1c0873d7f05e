import { useState, type ComponentPropsWithRef, type ReactNode } from 'react';

export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm ' +
  'placeholder:text-slate-500 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700';

export const primaryButtonClass =
  'rounded-md bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:opacity-60';

export const linkClass = 'font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-950';

/** Ties an input to its error message (or, with none, its hint) and marks it invalid. */
export function fieldA11y(
  id: string,
  problem: string | undefined,
  hasHint = false,
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  if (problem) return { 'aria-invalid': true, 'aria-describedby': `${id}-error` };
  return hasHint ? { 'aria-describedby': `${id}-hint` } : {};
}

/**
 * A label, its control, an optional hint and the field's own error message (announced at once with
 * `announce`, for a form of one choice whose message is all the user needs to hear).
 */
export function FormField(props: {
  id: string;
  label: string;
  problem: string | undefined;
  hint?: string;
  announce?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {props.label}
      </label>
      {props.children}
      {props.hint && !props.problem && (
        <p id={`${props.id}-hint`} className="mt-1 text-sm text-slate-600">
          {props.hint}
        </p>
      )}
      {props.problem && (
        <p id={`${props.id}-error`} role={props.announce ? 'alert' : undefined} className="mt-1 text-sm text-red-800">
          {props.problem}
        </p>
      )}
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </svg>
  );
}

type PasswordInputProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'className'> & { id: string };

/**
 * A password input with a toggle to show what was typed. The toggle's name stays 'Show password'
 * and aria-pressed says whether it is on, so a screen reader hears one stable control.
 */
export function PasswordInput(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input {...props} type={visible ? 'text' : 'password'} className={`${inputClass} pr-12`} />
      <button
        type="button"
        aria-label="Show password"
        aria-pressed={visible}
        aria-controls={props.id}
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 mt-1 flex w-11 items-center justify-center rounded-r-md text-slate-600 hover:text-slate-900"
      >
        <EyeIcon crossed={visible} />
      </button>
    </div>
  );
}

/** A form-level error, announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
      {children}
    </div>
  );
}

/** A form-level confirmation, announced politely. */
export function FormSuccess({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900 ${className}`}>{children}</div>;
}
