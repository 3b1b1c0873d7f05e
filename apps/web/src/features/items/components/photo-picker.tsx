import { useState, type DragEvent, type Ref } from 'react';
import { ACCEPTED_PHOTO_TYPES } from '../photo-checks.ts';
import type { PhotoRefusal } from '../use-photo-uploads.ts';

interface Props {
  onFiles(files: File[]): void;
  disabled: boolean;
  inputRef: Ref<HTMLInputElement>;
  hintId: string;
  /** Files of the last choice that were refused, each with its reason. */
  refusals: readonly PhotoRefusal[];
}

const REFUSALS_ID = 'item-photos-refused';

/**
 * The file input (several at once) inside a drop zone: dropping files does what choosing them
 * does. The input stays a real, visible control so it works with the keyboard and screen readers.
 * Files refused when chosen are named right under it, with why, and describe it.
 */
export function PhotoPicker({ onFiles, disabled, inputRef, hintId, refusals }: Props) {
  const [dragging, setDragging] = useState(false);

  function onDragOver(event: DragEvent) {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  }

  function onDrop(event: DragEvent) {
    setDragging(false);
    if (disabled) return;
    event.preventDefault();
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files);
  }

  return (
    <div
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`rounded-lg border-2 border-dashed p-4 ${dragging ? 'border-emerald-700 bg-emerald-50' : 'border-slate-300 bg-slate-50'}`}
    >
      <label htmlFor="item-photos" className="block text-sm font-medium text-slate-800">
        Add photos
      </label>
      <input
        ref={inputRef}
        id="item-photos"
        type="file"
        multiple
        accept={ACCEPTED_PHOTO_TYPES.join(',')}
        disabled={disabled}
        aria-describedby={refusals.length > 0 ? `${hintId} ${REFUSALS_ID}` : hintId}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Cleared so choosing the same file again (after removing it) still counts as a change.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
        className="mt-2 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-emerald-700 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-emerald-800"
      />
      <p className="mt-2 text-sm text-slate-600">or drop image files here</p>
      {/* Always in the page, so a screen reader announces the reasons as they appear. */}
      <div id={REFUSALS_ID} aria-live="polite">
        {refusals.length > 0 && (
          <ul className="mt-2 space-y-1 text-sm text-red-800">
            {refusals.map((r, i) => (
              <li key={`${i}:${r.name}`}>
                <span className="font-medium break-all">{r.name}</span> was not added. {r.problem}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
