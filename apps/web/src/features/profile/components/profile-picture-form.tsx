import { useRef, useState, type FormEvent } from 'react';
import { pictureFileProblem, PICTURE_MESSAGES } from '@toolshed/core';
import { ApiError } from '../../../lib/api-error.ts';
import { readImageKind } from '../../../lib/read-image-kind.ts';
import { fieldA11y, FormAlert, FormField, FormSuccess } from '../../../ui/form-parts.tsx';
import { UserAvatar } from '../../../ui/user-avatar.tsx';
import { useRemovePicture, useUploadPicture } from '../api/profile-picture.ts';

const secondaryButton =
  'rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60';

/** What the server said about the file, or the spec's general failure message. */
function uploadMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 413) && error.field === 'file') return error.message;
  return PICTURE_MESSAGES.failed;
}

/**
 * The spec's checks, then the file's first bytes: a file that is not really a JPEG, PNG or WebP
 * (a text file named me.jpg) is refused in the browser, as the server would refuse it.
 */
async function pictureProblem(file: File | null): Promise<string | null> {
  const found = pictureFileProblem(file);
  if (found || !file) return found;
  return (await readImageKind(file)) ? null : PICTURE_MESSAGES.notImage;
}

/** Choose a picture (JPEG, PNG or WebP, at most 5 MB), upload it, or remove the current one. */
export function ProfilePictureForm({ name, picture }: { name: string; picture: string | null }) {
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const busy = upload.isPending || remove.isPending;
  // Only the latest choice's check may set the message (an earlier file's can finish after it).
  const choice = useRef(0);

  /** A file is checked the moment it is chosen, so a file that is not a picture is refused there. */
  async function onChoose() {
    const mine = ++choice.current;
    setProblem(undefined);
    const file = input.current?.files?.[0] ?? null;
    if (!file) return;
    const found = await pictureProblem(file);
    if (mine === choice.current) setProblem(found ?? undefined);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const mine = ++choice.current;
    const file = input.current?.files?.[0] ?? null;
    const found = await pictureProblem(file);
    if (mine !== choice.current) return;
    setProblem(found ?? undefined);
    if (found || !file) {
      input.current?.focus();
      return;
    }
    upload.mutate(file, {
      onSuccess: () => {
        setDone('Your profile picture has been updated.');
        if (input.current) input.current.value = '';
      },
      onError: (error) => setProblem(uploadMessage(error)),
    });
  }

  return (
    <section aria-labelledby="picture-heading" className="space-y-4 border-t border-slate-200 pt-6">
      <h2 id="picture-heading" className="text-xl font-semibold text-slate-900">
        Profile picture
      </h2>
      <div className="flex items-center gap-4">
        <UserAvatar name={name} picture={picture} size="lg" />
        <p className="text-sm text-slate-700">
          {picture ? 'Owners and renters see this picture next to your name.' : 'No picture yet: your initials are shown instead.'}
        </p>
      </div>
      <div role="status">{done && <FormSuccess>{done}</FormSuccess>}</div>
      {remove.isError && <FormAlert>Your picture could not be removed. Please try again.</FormAlert>}
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Profile picture" className="max-w-md space-y-3">
        <FormField id="picture-file" label="Choose a picture" problem={problem} hint="JPEG, PNG or WebP, at most 5 MB.">
          <input
            ref={input}
            id="picture-file"
            name="file"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={() => void onChoose()}
            className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-1.5"
            {...fieldA11y('picture-file', problem, true)}
          />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
          >
            {upload.isPending ? 'Uploading...' : 'Upload picture'}
          </button>
          {picture && (
            <button
              type="button"
              disabled={busy}
              className={secondaryButton}
              onClick={() => {
                setDone(null);
                remove.mutate(undefined, { onSuccess: () => setDone('Your profile picture has been removed.') });
              }}
            >
              Remove picture
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
