import {
  SAVED_SEARCH_FREQUENCIES,
  SAVED_SEARCH_FREQUENCY_LABELS,
  SAVED_SEARCH_NAME_MAX,
  savedSearchNameProblem,
  type SavedSearch,
  type SavedSearchFrequency,
} from '@toolshed/core/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { Link } from '../../../lib/router/index.ts';
import { useToast } from '../../../lib/toast.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { FormAlert, FormField, inputClass, linkClass } from '../../../ui/form-parts.tsx';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { useChangeSavedSearch, useDeleteSavedSearch } from '../api/saved-searches.ts';
import { searchState, searchSummary } from '../search-summary.ts';

const buttonClass =
  'rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60';

/** The inline rename form: focus goes into the box, and back to Rename when it closes. */
function RenameForm({ search, onDone }: { search: SavedSearch; onDone(): void }) {
  const change = useChangeSavedSearch();
  const toast = useToast();
  const id = useId();
  const form = useCheckedForm<{ name: string }>({
    defaultValues: { name: search.name },
    check: ({ name }) => ({ name: savedSearchNameProblem(name) }),
    idPrefix: id,
  });
  const { ref: registerRef, ...nameField } = form.field('name');
  const ref = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);

  const onSubmit = form.submit(({ name }) =>
    change.mutateAsync({ id: search.id, change: { name } }).then(
      (saved) => {
        toast.show(`Renamed to “${saved.name}”`);
        onDone();
      },
      (error: unknown) => form.serverError(error, ['name']),
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-wrap items-end gap-2">
      {form.failure && (
        <div className="w-full">
          <FormAlert>{form.failure}</FormAlert>
        </div>
      )}
      <div className="min-w-56 flex-1">
        <FormField id={form.id('name')} label="New name" problem={form.problem('name')}>
          <input
            {...nameField}
            ref={(element) => {
              registerRef(element);
              ref.current = element;
            }}
            maxLength={SAVED_SEARCH_NAME_MAX}
            onKeyDown={(e) => {
              if (e.key === 'Escape') onDone();
            }}
            className={inputClass}
          />
        </FormField>
      </div>
      <button type="submit" disabled={change.isPending} className={buttonClass}>
        {change.isPending ? 'Saving...' : 'Save name'}
      </button>
      <button type="button" onClick={onDone} disabled={change.isPending} className={buttonClass}>
        Cancel
      </button>
    </form>
  );
}

/** How often a search's alerts come. */
function FrequencyChoice({ search, busy, onChoose }: { search: SavedSearch; busy: boolean; onChoose(f: SavedSearchFrequency): void }) {
  const frequencyId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={frequencyId} className="text-sm font-medium text-slate-800">
        How often
      </label>
      <select
        id={frequencyId}
        value={search.frequency}
        disabled={busy}
        onChange={(e) => onChoose(e.target.value as SavedSearchFrequency)}
        className="rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-sm"
      >
        {SAVED_SEARCH_FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {SAVED_SEARCH_FREQUENCY_LABELS[f]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "Delete this search?": its alerts stop with it. */
function DeleteSearchDialog({ search, onClose }: { search: SavedSearch; onClose(): void }) {
  const remove = useDeleteSavedSearch();
  const toast = useToast();
  return (
    <ConfirmDialog
      title={`Delete “${search.name}”?`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={remove.isPending}
      error={remove.error ? errorMessage(remove.error) : undefined}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(search.id, {
          onSuccess: () => {
            onClose();
            toast.show(`Deleted “${search.name}”`);
          },
        })
      }
    >
      You will get no more alerts for it.
    </ConfirmDialog>
  );
}

/** One saved search: what it looks for, how often and whether it is paused, with its actions. */
export function SavedSearchEntry({ search }: { search: SavedSearch }) {
  const change = useChangeSavedSearch();
  const toast = useToast();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const renameRef = useRef<HTMLButtonElement>(null);

  function endRename() {
    setRenaming(false);
    // The button is drawn again after this render.
    setTimeout(() => renameRef.current?.focus(), 0);
  }

  function setChange(next: { paused: boolean } | { frequency: SavedSearchFrequency }, done: string) {
    change.mutate({ id: search.id, change: next }, { onSuccess: () => toast.show(done), onError: (err) => toast.show(errorMessage(err)) });
  }

  return (
    <li className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <div>
        <h2 className="text-lg font-semibold break-words text-slate-900">{search.name}</h2>
        <p className="text-slate-800">{searchSummary(search).join(' · ')}</p>
        <p className={search.paused ? 'text-sm font-semibold text-amber-900' : 'text-sm text-slate-700'}>{searchState(search)}</p>
      </div>
      {renaming ? (
        <RenameForm search={search} onDone={endRename} />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Link to={search.path} className={linkClass} aria-label={`See the results of ${search.name}`}>
            See results
          </Link>
          <button ref={renameRef} type="button" onClick={() => setRenaming(true)} className={buttonClass}>
            Rename
          </button>
          <button
            type="button"
            disabled={change.isPending}
            onClick={() =>
              setChange(
                { paused: !search.paused },
                search.paused ? `Alerts for “${search.name}” are on again` : `Alerts for “${search.name}” are paused`,
              )
            }
            className={buttonClass}
          >
            {search.paused ? 'Resume alerts' : 'Pause alerts'}
          </button>
          <button type="button" onClick={() => setConfirming(true)} className={buttonClass}>
            Delete
          </button>
        </div>
      )}
      <FrequencyChoice
        search={search}
        busy={change.isPending}
        onChoose={(frequency) =>
          setChange({ frequency }, `We'll tell you about “${search.name}” ${SAVED_SEARCH_FREQUENCY_LABELS[frequency].toLowerCase()}`)
        }
      />
      {confirming && <DeleteSearchDialog search={search} onClose={() => setConfirming(false)} />}
    </li>
  );
}
