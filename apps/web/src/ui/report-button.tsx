import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { MAX_REPORT_DETAILS, REPORT_REASONS, reportProblems, type ReportReason } from '@toolshed/core';
import { ApiError } from '../lib/api-error.ts';
import { FormAlert, inputClass, primaryButtonClass } from './form-parts.tsx';
import { useCheckedForm, type CheckedForm } from './use-checked-form.ts';
import { ModalDialog } from './modal-dialog.tsx';

interface Props {
  /** The button's words, e.g. 'Report this listing'. */
  label: string;
  /** What is reported, named in the dialog's title: 'Report Hedge Trimmer'. */
  subject: string;
  /** Sends the report; resolves with the words to show, rejects with the reason it was refused. */
  onReport(reason: ReportReason, details: string): Promise<string>;
  /** Turns an error into the words to show. */
  describeError(error: unknown): string;
  className?: string;
}

const quietButton = 'text-sm font-medium text-slate-700 underline underline-offset-4 hover:text-slate-950';

/**
 * A 'Report' link-button and its dialog: the reasons as radio buttons, optional words, then the
 * receipt. Focus goes into the dialog, Escape closes it (never mid-request) and focus returns to the button.
 */
export function ReportButton({ label, subject, onReport, describeError, className = quietButton }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && <ReportDialog subject={subject} onReport={onReport} describeError={describeError} onClose={() => setOpen(false)} />}
    </>
  );
}

type ReportValues = { reason: ReportReason | ''; details: string };

function ReportDialog({ subject, onReport, describeError, onClose }: Omit<Props, 'label' | 'className'> & { onClose(): void }) {
  const headingId = useId();
  const detailsId = useId();
  const [receipt, setReceipt] = useState<string | null>(null);
  const firstRef = useRef<HTMLInputElement | null>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  const form = useCheckedForm<ReportValues>({
    defaultValues: { reason: '', details: '' },
    check: reportProblems,
    idPrefix: headingId,
    ids: { details: detailsId },
  });
  const busy = form.formState.isSubmitting;

  // The handler reads refs (the receipt's button), so the form's submit is made when the form is sent, not while drawing.
  const submit = (event: FormEvent) =>
    form.submit(async ({ reason, details }) => {
      try {
        setReceipt(await onReport(reason as ReportReason, details));
        // The receipt replaces the form: its button takes focus so the words are read next.
        requestAnimationFrame(() => doneRef.current?.focus());
      } catch (err) {
        const named = err instanceof ApiError && err.status === 400 ? err.field : undefined;
        if (named === 'reason' || named === 'details')
          form.setError(named, { type: 'server', message: describeError(err) }, { shouldFocus: true });
        else form.setFailure(describeError(err));
      }
    })(event);

  return (
    <ModalDialog
      aria-labelledby={headingId}
      initialFocus={firstRef}
      lockScroll
      nested
      onClose={() => {
        if (!busy) onClose();
      }}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-xl bg-white p-6 text-slate-900 shadow-2xl backdrop:bg-slate-950/60"
    >
      <h2 id={headingId} className="text-xl font-bold">{`Report ${subject}`}</h2>
      {receipt ? (
        <Receipt text={receipt} closeRef={doneRef} onClose={onClose} />
      ) : (
        <form noValidate onSubmit={submit}>
          <ReasonChoice form={form} firstRef={firstRef} />
          <DetailsField form={form} detailsId={detailsId} />
          {form.failure && (
            <div className="mt-3">
              <FormAlert>{form.failure}</FormAlert>
            </div>
          )}
          <div className="mt-6 flex justify-end gap-3">
            <button
              type="button"
              onClick={onClose}
              disabled={busy}
              className="rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60"
            >
              Cancel
            </button>
            <button type="submit" disabled={busy} className={primaryButtonClass}>
              {busy ? 'Sending...' : 'Send report'}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}

/** The reasons as radio buttons; the first one is `firstRef`, where focus starts. */
function ReasonChoice({ form, firstRef }: { form: CheckedForm<ReportValues>; firstRef: RefObject<HTMLInputElement | null> }) {
  const reasonProblem = form.problem('reason');
  const { ref: reasonRef, ...reasonField } = form.register('reason');
  return (
    <fieldset className="mt-4" aria-describedby={reasonProblem ? `${form.id('reason')}-error` : undefined}>
      <legend className="font-medium text-slate-800">Why are you reporting this?</legend>
      <div className="mt-2 space-y-2">
        {REPORT_REASONS.map((r, i) => (
          <label key={r.code} className="flex items-center gap-2 text-slate-800">
            <input
              {...reasonField}
              ref={(element) => {
                reasonRef(element);
                if (i === 0) firstRef.current = element;
              }}
              type="radio"
              value={r.code}
              className="h-4 w-4 accent-emerald-700"
            />
            {r.label}
          </label>
        ))}
      </div>
      {reasonProblem && (
        <p id={`${form.id('reason')}-error`} role="alert" className="mt-2 text-sm text-red-800">
          {reasonProblem}
        </p>
      )}
    </fieldset>
  );
}

/** The optional words, with their count. */
function DetailsField({ form, detailsId }: { form: CheckedForm<ReportValues>; detailsId: string }) {
  const details = form.watch('details');
  return (
    <>
      <label htmlFor={detailsId} className="mt-4 block text-sm font-medium text-slate-800">
        Anything else we should know? (optional)
      </label>
      <textarea
        {...form.field('details')}
        maxLength={MAX_REPORT_DETAILS}
        rows={4}
        aria-describedby={form.problem('details') ? `${detailsId}-error` : `${detailsId}-count`}
        className={inputClass}
      />
      <p id={`${detailsId}-count`} className="mt-1 text-sm text-slate-600">
        {`${details.length} of ${MAX_REPORT_DETAILS.toLocaleString('en-GB')} characters. The member is not told who reported them.`}
      </p>
      {form.problem('details') && (
        <p id={`${detailsId}-error`} className="mt-1 text-sm text-red-800">
          {form.problem('details')}
        </p>
      )}
    </>
  );
}

/** Takes the form's place once the report is sent; `closeRef` is focused then. */
function Receipt({ text, closeRef, onClose }: { text: string; closeRef: RefObject<HTMLButtonElement | null>; onClose(): void }) {
  return (
    <>
      <p role="status" className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900">
        {text}
      </p>
      <div className="mt-6 flex justify-end">
        <button ref={closeRef} type="button" className={primaryButtonClass} onClick={onClose}>
          Close
        </button>
      </div>
    </>
  );
}
