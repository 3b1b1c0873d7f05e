import { useEffect, useRef, useState } from 'react';
import type { SavedPhoto } from '../use-existing-photos.ts';

export const smallButtonClass =
  'rounded-md border border-slate-400 bg-white px-2.5 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50';

interface Props {
  photos: readonly SavedPhoto[];
  onMove(index: number, delta: -1 | 1): void;
  onRemove(id: string): void;
  /** Called when the last photo was removed, to put focus somewhere useful. */
  onEmptied(): void;
  disabled: boolean;
}

type Target = { id: string; control: 'earlier' | 'later' | 'remove' } | null;

/** One saved photo with its buttons; `buttonRef` keeps each button by `${photo.id}:${control}` for the focus to return to. */
function PhotoEntry(props: {
  photo: SavedPhoto;
  index: number;
  count: number;
  disabled: boolean;
  buttonRef(key: string): (el: HTMLButtonElement | null) => void;
  onMove(delta: -1 | 1): void;
  onRemove(): void;
}) {
  const { photo, index: i, disabled, buttonRef: ref } = props;
  const n = i + 1;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-2">
      <div className="relative">
        <img
          src={photo.thumbUrl}
          alt={photo.alt}
          width={200}
          height={133}
          className="aspect-[3/2] w-full rounded bg-slate-100 object-cover"
        />
        {i === 0 && (
          <span className="absolute top-1 left-1 rounded bg-emerald-800 px-1.5 py-0.5 text-xs font-semibold text-white">Cover</span>
        )}
      </div>
      <p className="text-sm text-slate-700">Photo {n}</p>
      <div className="flex flex-wrap gap-1">
        <button
          type="button"
          ref={ref(`${photo.id}:earlier`)}
          className={smallButtonClass}
          disabled={disabled || i === 0}
          onClick={() => props.onMove(-1)}
          aria-label={`Move photo ${n} earlier`}
        >
          <span aria-hidden="true">←</span>
        </button>
        <button
          type="button"
          ref={ref(`${photo.id}:later`)}
          className={smallButtonClass}
          disabled={disabled || i === props.count - 1}
          onClick={() => props.onMove(1)}
          aria-label={`Move photo ${n} later`}
        >
          <span aria-hidden="true">→</span>
        </button>
        <button
          type="button"
          ref={ref(`${photo.id}:remove`)}
          className={smallButtonClass}
          disabled={disabled}
          onClick={props.onRemove}
          aria-label={`Remove photo ${n}`}
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/**
 * The item's saved photos in order (the first is the cover), with buttons to move or remove each.
 * After a move, focus follows the photo it moved; after a removal it goes to the next photo, so
 * keyboard users never lose their place. A live region says where the photo went.
 */
export function ExistingPhotos({ photos, onMove, onRemove, onEmptied, disabled }: Props) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // Where focus goes once the list has re-rendered after a move or removal.
  const focusTarget = useRef<Target>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const target = focusTarget.current;
    if (!target) return;
    focusTarget.current = null;
    const button = buttons.current.get(`${target.id}:${target.control}`);
    // At either end the same direction is disabled; the other one is the natural next press.
    const fallback = buttons.current.get(`${target.id}:${target.control === 'earlier' ? 'later' : 'earlier'}`);
    (button && !button.disabled ? button : fallback)?.focus();
  }, [photos]);

  const ref = (key: string) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(key, el);
    else buttons.current.delete(key);
  };

  function move(index: number, delta: -1 | 1) {
    const photo = photos[index]!;
    onMove(index, delta);
    setAnnouncement(`Photo moved to position ${index + delta + 1} of ${photos.length}`);
    focusTarget.current = { id: photo.id, control: delta < 0 ? 'earlier' : 'later' };
  }

  function remove(index: number) {
    const next = photos[index + 1] ?? photos[index - 1];
    onRemove(photos[index]!.id);
    setAnnouncement(`Photo ${index + 1} removed. It is deleted when you save.`);
    if (next) focusTarget.current = { id: next.id, control: 'remove' };
    else onEmptied();
  }

  return (
    <>
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Current photos">
        {photos.map((photo, i) => (
          <PhotoEntry
            key={photo.id}
            photo={photo}
            index={i}
            count={photos.length}
            disabled={disabled}
            buttonRef={ref}
            onMove={(delta) => move(i, delta)}
            onRemove={() => remove(i)}
          />
        ))}
      </ol>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
