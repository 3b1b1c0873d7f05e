import {
  HANDOVER_LABELS,
  HANDOVER_MESSAGES,
  MAX_HANDOVER_NOTE,
  MAX_HANDOVER_PHOTOS,
  formatLondonMoment,
  handoverNoteProblem,
  type HandoverSide,
} from '@toolshed/core';
import { MAX_IMAGE_BYTES, type HandoverSideView, type RentalView } from '@toolshed/core/contract';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { readImageKind } from '../../../lib/read-image-kind.ts';
import { FormAlert, FormField, FormSuccess, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { useAddHandoverPhotos, useHandover, useSaveHandoverNote } from '../api/handover.ts';

const secondaryButton =
  'rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-60';
const SIZE_MESSAGE = 'Each photo must be 5 MB or smaller.';

/** Why a chosen file will not be sent (the server checks again): its bytes, its size, the places left. */
async function checkChosen(files: File[], free: number): Promise<{ ok: File[]; problems: string[] }> {
  const ok: File[] = [];
  const problems: string[] = [];
  for (const file of files) {
    if (!(await readImageKind(file))) problems.push(`${file.name}: ${HANDOVER_MESSAGES.notImage}`);
    else if (file.size > MAX_IMAGE_BYTES) problems.push(`${file.name}: ${SIZE_MESSAGE}`);
    else if (ok.length >= free) problems.push(`${file.name}: ${HANDOVER_MESSAGES.tooMany}`);
    else ok.push(file);
  }
  return { ok, problems };
}

function Photos({ view, label }: { view: HandoverSideView; label: string }) {
  if (view.photos.length === 0) return <p className="text-slate-700">No photos yet.</p>;
  return (
    <ul className="grid grid-cols-2 gap-3" aria-label={`${label} photos`}>
      {view.photos.map((photo, i) => (
        <li key={photo.id}>
          <figure>
            <a href={photo.url} target="_blank" rel="noreferrer" className="block">
              <img
                src={photo.thumbUrl}
                alt={`${label} ${i + 1} of ${view.photos.length}`}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                className="aspect-[4/3] w-full rounded-md border border-slate-200 object-cover"
              />
            </a>
            <figcaption className="mt-1 text-sm text-slate-700">
              Taken <time dateTime={photo.takenAt}>{formatLondonMoment(new Date(photo.takenAt))}</time>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

function NoteForm({ rentalId, view }: { rentalId: string; view: HandoverSideView }) {
  const idPrefix = useId();
  const form = useCheckedForm<{ note: string }>({
    defaultValues: { note: view.note ?? '' },
    check: ({ note }) => ({ note: handoverNoteProblem(note) ?? undefined }),
    idPrefix,
  });
  const note = form.watch('note');
  const save = useSaveHandoverNote(rentalId);
  const what = view.side === 'pickup' ? 'Pick-up note' : 'Return note';
  const id = form.id('note');
  const field = form.field('note');
  const submit = form.submit(({ note }) =>
    save.mutateAsync({ side: view.side, note }).then(
      () => undefined,
      (error: unknown) => form.serverError(error, ['note']),
    ),
  );
  return (
    <form noValidate onSubmit={submit} className="space-y-2">
      {form.failure && <FormAlert>{form.failure}</FormAlert>}
      <FormField id={id} label={what} problem={form.problem('note')}>
        <textarea
          maxLength={MAX_HANDOVER_NOTE}
          rows={3}
          className={inputClass}
          {...field}
          aria-describedby={field['aria-describedby'] ?? `${id}-count`}
          onChange={(e) => {
            save.reset();
            void field.onChange(e);
          }}
        />
      </FormField>
      <p id={`${id}-count`} className="text-sm text-slate-600">
        {note.length} of {MAX_HANDOVER_NOTE} characters
      </p>
      {save.isSuccess && <FormSuccess>Note saved.</FormSuccess>}
      <button type="submit" className={secondaryButton} disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save note'}
      </button>
    </form>
  );
}

function AddPhotos({ rentalId, view }: { rentalId: string; view: HandoverSideView }) {
  const input = useRef<HTMLInputElement>(null);
  const add = useAddHandoverPhotos(rentalId);
  const [problems, setProblems] = useState<string[]>([]);
  const [progress, setProgress] = useState<{ done: number; of: number } | null>(null);
  const [added, setAdded] = useState<number | null>(null);
  const label = HANDOVER_LABELS[view.side].button;
  const free = MAX_HANDOVER_PHOTOS - view.photos.length;

  const chosen = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    if (files.length === 0) return;
    add.reset();
    setAdded(null);
    const { ok, problems: found } = await checkChosen(files, free);
    setProblems(found);
    if (ok.length === 0) return;
    setProgress({ done: 0, of: ok.length });
    add.mutate(
      { side: view.side, files: ok, onEach: (done) => setProgress({ done, of: ok.length }) },
      { onSuccess: () => setAdded(ok.length), onSettled: () => setProgress(null) },
    );
  };

  return (
    <div className="space-y-2">
      <input
        ref={input}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        hidden
        aria-label={label}
        onChange={(e) => void chosen(e)}
      />
      <button type="button" className={primaryButtonClass} disabled={add.isPending || free <= 0} onClick={() => input.current?.click()}>
        {label}
      </button>
      <p className="text-sm text-slate-600">
        {free > 0 ? `Up to ${free} more (JPEG, PNG or WebP, 5 MB each). On a phone this opens the camera.` : HANDOVER_MESSAGES.tooMany}
      </p>
      <div aria-live="polite">
        {progress && (
          <StatusMessage>
            Uploading photo {Math.min(progress.done + 1, progress.of)} of {progress.of}...
          </StatusMessage>
        )}
        {added !== null && <FormSuccess>{added === 1 ? 'Photo added.' : `${added} photos added.`}</FormSuccess>}
      </div>
      {(problems.length > 0 || add.isError) && (
        <FormAlert>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
            {add.isError && <li>{errorMessage(add.error)}</li>}
          </ul>
        </FormAlert>
      )}
    </div>
  );
}

function Side({ rental, view }: { rental: RentalView; view: HandoverSideView }) {
  const { heading } = HANDOVER_LABELS[view.side];
  const headingId = useId();
  const by = view.addedBy === rental.role ? 'you' : view.addedBy === 'owner' ? rental.owner.name : rental.renter.name;
  const label = view.side === 'pickup' ? 'Pick-up' : 'Return';
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <h3 id={headingId} className="text-lg font-semibold text-slate-900">
          {heading}
        </h3>
        <p className="text-sm text-slate-600">Photos by {by}</p>
      </div>
      <Photos view={view} label={label} />
      {view.note && !view.canAdd && (
        <p className="whitespace-pre-line break-words text-slate-800">
          <span className="font-medium">Note:</span> {view.note}
        </p>
      )}
      {view.canAdd && <AddPhotos rentalId={rental.id} view={view} />}
      {view.canAdd && <NoteForm rentalId={rental.id} view={view} />}
      {!view.canAdd && view.refusal && <p className="text-sm text-slate-700">{view.refusal}</p>}
    </section>
  );
}

const SIDES: HandoverSide[] = ['pickup', 'return'];

/** Handover photos on the rental page: before (the owner's, at pick-up) and after (the renter's, at return), side by side. */
export function HandoverSection({ rental }: { rental: RentalView }) {
  const handover = useHandover(rental.id);
  if (rental.status === 'cancelled') return null;
  const other = rental.role === 'owner' ? rental.renter.name : rental.owner.name;
  let body;
  if (handover.isPending) body = <StatusMessage>Loading handover photos...</StatusMessage>;
  else if (handover.isError)
    body = (
      <ErrorState
        title="Handover photos could not be loaded"
        message={errorMessage(handover.error)}
        onRetry={() => void handover.refetch()}
      />
    );
  else {
    body = (
      <div className="grid gap-4 md:grid-cols-2">
        {SIDES.map((side) => (
          <Side key={side} rental={rental} view={handover.data[side]} />
        ))}
      </div>
    );
  }
  return (
    <section aria-labelledby="handover-photos" className="space-y-3">
      <h2 id="handover-photos" className="text-xl font-semibold text-slate-900">
        Handover photos
      </h2>
      <p className="text-slate-700">
        A record of the item when it leaves home and when it comes back, time-stamped when each photo arrives. Only you and {other} can see
        them.
      </p>
      {body}
    </section>
  );
}
