import { useRef, useState, type FormEvent } from 'react';
import { pictureFileProblem, PICTURE_MESSAGES } from '@toolshed/core';
import { ApiError } from '../../../lib/api-error.ts';
import { readImageKind } from '../../../lib/read-image-kind.ts';
import { FormAlert, FormField, FormSuccess } from '../../../ui/form-parts.tsx';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { UserAvatar } from '../../../ui/user-avatar.tsx';
import { useRemovePicture, useUploadPicture } from '../api/profile-picture.ts';

const secondaryButton =
  'rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60';

/**
 * The spec's checks, then the file's first bytes: a file that is not really a JPEG, PNG or WebP
 * (a text file named me.jpg) is refused in the browser, as the server would refuse it.
 */
async function pictureProblem(file: File | null): Promise<string | null> {
  const found = pictureFileProblem(file);
  if (found || !file) return found;
  return (await readImageKind(file)) ? null : PICTURE_MESSAGES.notImage;
}

type PictureValues = { file: FileList | null };

/** The picture's form: a file is checked as it is chosen and again as it is sent; `remove` takes the current picture away. */
function usePictureForm() {
  const form = useCheckedForm<PictureValues>({
    defaultValues: { file: null },
    check: ({ file }) => ({ file: pictureFileProblem(file?.[0] ?? null) ?? undefined }),
    idPrefix: 'picture',
    hinted: ['file'],
  });
  const [done, setDone] = useState<string | null>(null);
  const upload = useUploadPicture();
  const remove = useRemovePicture();
  const busy = upload.isPending || remove.isPending;
  // Only the latest choice's check may set the message (an earlier file's can finish after it).
  const choice = useRef(0);
  const { onChange, ...fileField } = form.field('file');

  /** A file is checked the moment it is chosen (a live check beside the pattern), so a file that is not a picture is refused there. */
  async function onChoose(files: FileList | null) {
    const mine = ++choice.current;
    form.clearErrors('file');
    const file = files?.[0] ?? null;
    if (!file) return;
    const found = await pictureProblem(file);
    if (mine === choice.current && found) form.setError('file', { type: 'rule', message: found });
  }

  // The handler reads a ref (the latest choice), so the form's submit is made when the form is sent, not while drawing.
  const onSubmit = (event: FormEvent) =>
    form.submit(async ({ file: files }) => {
      setDone(null);
      const mine = ++choice.current;
      const file = files![0]!;
      const found = await pictureProblem(file);
      if (mine !== choice.current) return;
      if (found) return form.setError('file', { type: 'rule', message: found }, { shouldFocus: true });
      return upload.mutateAsync(file).then(
        () => {
          setDone('Your profile picture has been updated.');
          form.reset();
        },
        (error: unknown) => {
          if (error instanceof ApiError && (error.status === 400 || error.status === 413) && error.field === 'file')
            form.setError('file', { type: 'server', message: error.message }, { shouldFocus: true });
          else form.setFailure(PICTURE_MESSAGES.failed);
        },
      );
    })(event);

  return { form, done, setDone, upload, remove, busy, fileField, onFileChange: onChange, onChoose, onSubmit };
}

/** Choose a picture (JPEG, PNG or WebP, at most 5 MB), upload it, or remove the current one. */
export function ProfilePictureForm({ name, picture }: { name: string; picture: string | null }) {
  const { form, done, setDone, upload, remove, busy, fileField, onFileChange, onChoose, onSubmit } = usePictureForm();
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
      <form noValidate onSubmit={onSubmit} aria-label="Profile picture" className="max-w-md space-y-3">
        {form.failure && <FormAlert>{form.failure}</FormAlert>}
        <FormField id={form.id('file')} label="Choose a picture" problem={form.problem('file')} hint="JPEG, PNG or WebP, at most 5 MB.">
          <input
            {...fileField}
            onChange={(event) => {
              void onFileChange(event);
              void onChoose(event.target.files);
            }}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="mt-1 block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-1.5"
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
