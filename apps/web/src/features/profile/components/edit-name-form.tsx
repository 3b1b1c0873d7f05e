import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { FormAlert, FormField, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { useUpdateName } from '../api/update-name.ts';

const NAME_MAX = 100;

function nameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Please enter your name.';
  if (trimmed.length > NAME_MAX) return `Your name must be at most ${NAME_MAX} characters.`;
  return undefined;
}

/** Inline form to change the display name; `onDone` closes it (saved or cancelled). */
export function EditNameForm({ current, onDone }: { current: string; onDone(saved: boolean): void }) {
  const form = useCheckedForm<{ name: string }>({
    defaultValues: { name: current },
    check: ({ name }) => ({ name: nameProblem(name) }),
    idPrefix: 'profile',
  });
  const update = useUpdateName();

  const onSubmit = form.submit(({ name }) =>
    update.mutateAsync(name.trim()).then(
      () => onDone(true),
      // The only field: the server's words go above it, where the form's other failures go.
      (error: unknown) => form.serverError(error),
    ),
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit your name" className="max-w-md space-y-3">
      {form.failure && <FormAlert>{form.failure}</FormAlert>}
      <FormField id="profile-name" label="Full name" problem={form.problem('name')}>
        <input
          type="text"
          autoComplete="name"
          maxLength={NAME_MAX}
          required
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the user has just asked to edit this field, which replaced the button they pressed
          autoFocus
          className={inputClass}
          {...form.field('name')}
        />
      </FormField>
      <div className="flex gap-2">
        <button type="submit" disabled={update.isPending} className={primaryButtonClass}>
          Save
        </button>
        <button
          type="button"
          onClick={() => onDone(false)}
          className="rounded-md border border-slate-400 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-100"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
