import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage, fieldMessage } from '../../../lib/api-error.ts';
import { fieldA11y, FormAlert, FormField, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
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
  const [name, setName] = useState(current);
  const [problem, setProblem] = useState<string | undefined>();
  const update = useUpdateName();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = nameProblem(name);
    setProblem(found);
    if (found) return;
    update.mutate(name.trim(), { onSuccess: () => onDone(true) });
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Edit your name" className="max-w-md space-y-3">
      {update.isError && (
        <FormAlert>
          {update.error instanceof ApiError && update.error.status === 400 ? fieldMessage(update.error) : errorMessage(update.error)}
        </FormAlert>
      )}
      <FormField id="profile-name" label="Full name" problem={problem}>
        <input
          id="profile-name"
          type="text"
          autoComplete="name"
          maxLength={NAME_MAX}
          required
          value={name}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the user has just asked to edit this field, which replaced the button they pressed
          autoFocus
          onChange={(e) => setName(e.target.value)}
          className={inputClass}
          {...fieldA11y('profile-name', problem)}
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
