import {
  INSTANT_ALERTS_PER_HOUR,
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_FREQUENCY_LABELS,
  SAVED_SEARCH_NAME_MAX,
  type SavedSearchFrequency,
  type SavedSearchInput,
} from '@toolshed/core/contract';
import { useEffect, useId, useRef } from 'react';
import { useSaveSearch } from '../../../data/saved-searches.ts';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { Link } from '../../../lib/router/index.ts';
import { FormAlert, FormField, inputClass, linkClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { ModalDialog } from '../../../ui/modal-dialog.tsx';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';

const secondaryButtonClass =
  'rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60';

/** Shown once saved. The form gives way to it: focus follows, so it is read out and Close is one Tab away. */
function SavedConfirmation() {
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    doneRef.current?.focus();
  }, []);
  return (
    <div ref={doneRef} tabIndex={-1} role="status" className="mt-4 space-y-3 focus:outline-none">
      <p className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-emerald-900">Saved. We'll tell you about new matches.</p>
      <p>
        <Link to="/saved-searches" className={linkClass}>
          Saved searches
        </Link>
      </p>
    </div>
  );
}

/** How often the alerts come, as radio buttons. */
function FrequencyChoice({ register }: { register: UseFormRegisterReturn<'frequency'> }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">How often should we tell you?</legend>
      <div className="mt-2 space-y-2">
        {SAVED_SEARCH_FREQUENCIES.map((f) => (
          <label key={f} className="flex items-center gap-2 text-slate-900">
            <input type="radio" value={f} defaultChecked={f === 'instant'} className="h-4 w-4 accent-emerald-700" {...register} />
            {SAVED_SEARCH_FREQUENCY_LABELS[f]}
          </label>
        ))}
      </div>
      <p className="mt-2 text-sm text-slate-600">
        At most {INSTANT_ALERTS_PER_HOUR} instant alerts an hour: more matches wait for the next morning.
      </p>
    </fieldset>
  );
}

/** The dialog of 'Save this search': a name (optional), how often, Save; then the confirmation with a link to the list. */
export default function SaveSearchDialog({ input, onClose }: { input: Omit<SavedSearchInput, 'frequency' | 'name'>; onClose(): void }) {
  const save = useSaveSearch();
  const headingId = useId();
  const form = useCheckedForm<{ name: string; frequency: SavedSearchFrequency }>({
    defaultValues: { name: '', frequency: 'instant' },
    // Any name or none (it is then named after what it looks for); the server bounds its length.
    check: () => ({}),
    idPrefix: headingId,
    hinted: ['name'],
  });
  const nameRef = useRef<HTMLInputElement | null>(null);
  const saved = save.isSuccess;

  const onSubmit = form.submit(({ name, frequency }) => {
    const named = name.trim();
    return save.mutateAsync({ ...input, frequency, ...(named ? { name: named } : {}) }).then(
      () => undefined,
      (error: unknown) => {
        if (error instanceof ApiError && error.field === 'name')
          form.setError('name', { type: 'server', message: error.message }, { shouldFocus: true });
        else form.setFailure(errorMessage(error));
      },
    );
  });
  const nameField = form.field('name');

  return (
    <ModalDialog
      aria-labelledby={headingId}
      initialFocus={nameRef}
      lockScroll
      onClose={() => {
        if (!save.isPending) onClose();
      }}
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-xl bg-white p-6 text-slate-900 shadow-2xl backdrop:bg-slate-950/60"
    >
      <h2 id={headingId} className="text-xl font-bold">
        Save this search
      </h2>
      {saved ? (
        <SavedConfirmation />
      ) : (
        <form id={`${headingId}-form`} onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
          <p className="text-slate-700">We'll tell you when something new matches these words, filters and place.</p>
          <FormField
            id={nameField.id}
            label="Name"
            problem={form.problem('name')}
            hint="Optional: left empty, it is named after what it looks for."
          >
            <input
              maxLength={SAVED_SEARCH_NAME_MAX}
              placeholder="Named for you"
              className={inputClass}
              {...nameField}
              ref={(element) => {
                nameField.ref(element);
                nameRef.current = element;
              }}
            />
          </FormField>
          <FrequencyChoice register={form.register('frequency')} />
          {form.failure && <FormAlert>{form.failure}</FormAlert>}
        </form>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={onClose} disabled={save.isPending} className={secondaryButtonClass}>
          {saved ? 'Close' : 'Cancel'}
        </button>
        {!saved && (
          <button type="submit" form={`${headingId}-form`} disabled={save.isPending} className={primaryButtonClass}>
            {save.isPending ? 'Saving...' : 'Save'}
          </button>
        )}
      </div>
    </ModalDialog>
  );
}
