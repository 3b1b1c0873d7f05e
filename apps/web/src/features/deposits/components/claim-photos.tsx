import { CLAIM_KIND_LABELS, CLAIM_PHOTO_MESSAGES } from '@toolshed/core';
import { MAX_IMAGE_BYTES, type Claim } from '@toolshed/core/contract';
import { useId, useState, type ChangeEvent } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { readImageKind } from '../../../lib/read-image-kind.ts';
import { FormAlert } from '../../../ui/form-parts.tsx';
import { useAddClaimPhotos } from '../api/deposit.ts';
import { when } from './deposit-words.ts';

/** The claim's photos, each from the side that added it, and a way to add more from the camera. */
export function ClaimPhotos({ claim, rentalId }: { claim: Claim; rentalId: string }) {
  const add = useAddClaimPhotos(rentalId);
  const inputId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const label = CLAIM_KIND_LABELS[claim.kind];

  async function chosen(e: ChangeEvent<HTMLInputElement>) {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    const ok: File[] = [];
    const found: string[] = [];
    for (const file of files) {
      if (!(await readImageKind(file))) found.push(`${file.name}: ${CLAIM_PHOTO_MESSAGES.notImage}`);
      else if (file.size > MAX_IMAGE_BYTES) found.push(`${file.name}: Each photo must be 5 MB or smaller.`);
      else ok.push(file);
    }
    setProblems(found);
    if (ok.length > 0) add.mutate({ claimId: claim.id, files: ok });
  }

  return (
    <div className="mt-3 space-y-2">
      {claim.photos.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={`Photos of the ${label.toLowerCase()} claim`}>
          {claim.photos.map((photo, i) => (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                <img
                  src={photo.thumbUrl}
                  alt={`${label} claim, evidence ${i + 1} of ${claim.photos.length}, by the ${photo.addedBy}`}
                  loading="lazy"
                  className="aspect-[4/3] w-full rounded-md border border-slate-200 object-cover"
                />
              </a>
              <span className="text-xs text-slate-700">{when(photo.takenAt)}</span>
            </li>
          ))}
        </ul>
      )}
      {claim.canAddPhotos && (
        <div>
          {/* The input stays in the tab order (visually hidden); its label is the button people see, ringed while the input has focus. */}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            className="peer sr-only"
            disabled={add.isPending}
            onChange={(e) => void chosen(e)}
          />
          <label
            htmlFor={inputId}
            className="inline-block cursor-pointer rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 peer-focus-visible:ring-2 peer-focus-visible:ring-emerald-700 hover:bg-slate-100"
          >
            {add.isPending ? 'Uploading photos...' : 'Add photos to this claim'}
          </label>
        </div>
      )}
      {(problems.length > 0 || add.isError) && (
        <FormAlert>
          {[...problems, ...(add.isError ? [errorMessage(add.error)] : [])].map((p) => (
            <span key={p} className="block">
              {p}
            </span>
          ))}
        </FormAlert>
      )}
    </div>
  );
}
