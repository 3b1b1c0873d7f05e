import type { NewPhoto } from '../use-photo-uploads.ts';
import { smallButtonClass } from './existing-photos.tsx';

interface Props {
  photos: readonly NewPhoto[];
  onRemove(key: string): void;
  /** Only once the item exists: a failed upload can then be tried again on its own. */
  onRetry?: (key: string) => void;
  disabled: boolean;
}

function PhotoState({ photo }: { photo: NewPhoto }) {
  const problemId = `${photo.key}-problem`;
  if (photo.status === 'uploading') {
    return (
      <div className="flex flex-col gap-1">
        <div
          role="progressbar"
          aria-label={`Uploading ${photo.file.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={photo.progress}
          className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-emerald-700 transition-[width]" style={{ width: `${photo.progress}%` }} />
        </div>
        <p className="text-xs text-slate-700">Uploading... {photo.progress}%</p>
      </div>
    );
  }
  if (photo.problem) {
    return (
      <p id={problemId} className="text-sm text-red-800">
        Not uploaded: {photo.problem}
      </p>
    );
  }
  return <p className="text-sm text-slate-700">Uploads when you save</p>;
}

/** Files chosen for upload (those the browser's checks let through): a preview, then progress, then (if the upload failed) the reason and a retry. */
export function NewPhotos({ photos, onRemove, onRetry, disabled }: Props) {
  if (photos.length === 0) return null;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="New photos">
      {photos.map((photo) => (
        <li
          key={photo.key}
          className={`flex flex-col gap-2 rounded-lg border p-2 ${photo.problem ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-white'}`}
        >
          {photo.previewUrl ? (
            <img
              src={photo.previewUrl}
              alt={`Preview of ${photo.file.name}`}
              className="aspect-[3/2] w-full rounded bg-slate-100 object-cover"
            />
          ) : (
            <span
              className="flex aspect-[3/2] w-full items-center justify-center rounded bg-slate-100 text-xs text-slate-600"
              aria-hidden="true"
            >
              No preview
            </span>
          )}
          <p className="truncate text-sm font-medium text-slate-900" title={photo.file.name}>
            {photo.file.name}
          </p>
          <PhotoState photo={photo} />
          {photo.status !== 'uploading' && (
            <div className="flex flex-wrap gap-1">
              {photo.status === 'failed' && !photo.permanent && onRetry && (
                <button
                  type="button"
                  className={smallButtonClass}
                  disabled={disabled}
                  onClick={() => onRetry(photo.key)}
                  aria-label={`Retry ${photo.file.name}`}
                >
                  Retry
                </button>
              )}
              <button
                type="button"
                className={smallButtonClass}
                disabled={disabled}
                onClick={() => onRemove(photo.key)}
                aria-label={`Remove ${photo.file.name}`}
              >
                Remove
              </button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
