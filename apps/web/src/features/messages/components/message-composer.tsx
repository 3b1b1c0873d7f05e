import { useId, type KeyboardEvent } from 'react';
import { MESSAGE_MAX_LENGTH, messageBodyProblem, messageLength } from '@toolshed/core';
import type { Message } from '@toolshed/core/contract';
import { FormAlert } from '../../../ui/form-parts.tsx';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { useSendMessage } from '../api/send-message.ts';
import type { ThreadRef } from '../api/get-conversation.ts';

/**
 * The message box: a visible count out of 500; blank or too long cannot be sent. The count and the
 * too-long warning are a live check beside the form pattern (decision 041); sending goes through it.
 */
export function MessageComposer({ thread, recipient, onSent }: { thread: ThreadRef; recipient: string; onSent(m: Message): void }) {
  const counterId = useId();
  const form = useCheckedForm<{ body: string }>({
    defaultValues: { body: '' },
    check: ({ body }) => ({ body: messageBodyProblem(body) ?? undefined }),
    idPrefix: `${counterId}-message`,
    ids: { body: `${counterId}-box` },
  });
  const send = useSendMessage(thread, (m) => {
    form.reset();
    onSent(m);
  });
  const text = form.watch('body');
  const length = messageLength(text);
  const problem = messageBodyProblem(text);
  const tooLong = length > MESSAGE_MAX_LENGTH;
  const shown = tooLong ? problem : form.problem('body');

  const onSubmit = form.submit(({ body }) => {
    if (send.isPending) return;
    return send.mutateAsync(body).then(undefined, (error: unknown) => form.serverError(error, ['body']));
  });

  // Enter sends, Shift+Enter starts a new line.
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      if (problem === null) onSubmit();
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2 border-t border-slate-200 pt-3">
      {form.failure && <FormAlert>{form.failure}</FormAlert>}
      <label htmlFor={form.id('body')} className="text-sm font-medium text-slate-900">
        Message to {recipient}
      </label>
      <textarea
        {...form.field('body')}
        onKeyDown={onKeyDown}
        rows={3}
        aria-describedby={counterId}
        aria-invalid={shown !== undefined && shown !== null}
        className="w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-700"
      />
      <div className="flex items-center justify-between gap-3">
        <p id={counterId} className={`text-sm ${shown ? 'font-semibold text-red-800' : 'text-slate-700'}`}>
          {length}/{MESSAGE_MAX_LENGTH}
          {shown && <span> · {shown}</span>}
        </p>
        <button
          type="submit"
          disabled={problem !== null || send.isPending}
          className="rounded-md bg-emerald-700 px-4 py-2 font-medium text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:bg-slate-400"
        >
          {send.isPending ? 'Sending...' : 'Send'}
        </button>
      </div>
    </form>
  );
}
