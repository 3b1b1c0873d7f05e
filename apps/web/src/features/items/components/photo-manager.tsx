import { MAX_ITEM_IMAGES } from '@toolshed/core/contract';
import { useRef } from 'react';
import type { useExistingPhotos } from '../use-existing-photos.ts';
import type { usePhotoUploads } from '../use-photo-uploads.ts';
import { ExistingPhotos } from './existing-photos.tsx';
import { NewPhotos } from './new-photos.tsx';
import { PhotoPicker } from './photo-picker.tsx';

interface Props {
  existing: ReturnType<typeof useExistingPhotos>;
  uploads: ReturnType<typeof usePhotoUploads>;
  /** Set once the item exists, so failed uploads can be retried one by one. */
  onRetry?: (key: string) => void;
  disabled: boolean;
}

/** The form's photos: those the item has (to reorder or remove) and new ones to upload. */
export function PhotoManager({ existing, uploads, onRetry, disabled }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <fieldset className="space-y-4">
      <legend className="text-lg font-semibold text-slate-900">Photos</legend>
      <p id="item-photos-hint" className="text-sm text-slate-600">
        Up to {MAX_ITEM_IMAGES} photos: JPEG, PNG or WebP, 5 MB or smaller each. The first photo is the cover.
      </p>
      {existing.photos.length > 0 && (
        <ExistingPhotos
          photos={existing.photos}
          onMove={existing.move}
          onRemove={existing.remove}
          onEmptied={() => input.current?.focus()}
          disabled={disabled}
        />
      )}
      <NewPhotos photos={uploads.photos} onRemove={uploads.remove} onRetry={onRetry} disabled={disabled} />
      <PhotoPicker
        inputRef={input}
        hintId="item-photos-hint"
        refusals={uploads.refusals}
        disabled={disabled}
        onFiles={(files) => void uploads.add(files, existing.photos.length)}
      />
    </fieldset>
  );
}
