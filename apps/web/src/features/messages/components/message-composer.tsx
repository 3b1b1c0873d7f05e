import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_MAX_LENGTH, messageBodyProblem, messageLength } from '@toolshed/core';
import type { Message } from '@toolshed/core/contract';
import { errorMessage } from '../../../lib/api-error.ts';
import { useSendMessage } from '../api/send-message.ts';
import type { ThreadRef } from '../api/get-conversation.ts';

/** The message box: a visible count out of 500; blank or too long cannot be sent. */
export function MessageComposer({ thread, recipient, onSent }: { thread: ThreadRef; recipient: string; onSent(m: Message): void }) {
  const [text, setText] = useState('');
  const counterId = useId();
  const send = useSendMessage(thread, (m) => {
    setText('');
    onSent(m);
  });
  const length = messageLength(text);
  const problem = messageBodyProblem(text);
  const tooLong = length > MESSAGE_MAX_LENGTH;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (problem || send.isPending) return;
    send.mutate(text);
  }

  // Enter sends, Shift+Enter starts a new line.
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 border-t border-slate-200 pt-3">
      <label htmlFor={`${counterId}-box`} className="text-sm font-medium text-slate-900">
        Message to {recipient}
      </label>
      <textarea
        id={`${counterId}-box`}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        rows={3}
        aria-describedby={counterId}
        aria-invalid={tooLong}
        className="w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-700"
      />
      <div className="flex items-center justify-between gap-3">
        <p id={counterId} className={`text-sm ${tooLong ? 'font-semibold text-red-800' : 'text-slate-700'}`}>
          {length}/{MESSAGE_MAX_LENGTH}
          {tooLong && <span> · {problem}</span>}
        </p>
        <button
          type="submit"
          disabled={problem !== null || send.isPending}
          className="rounded-md bg-emerald-700 px-4 py-2 font-medium text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:bg-slate-400"
        >
          {send.isPending ? 'Sending...' : 'Send'}
        </button>
      </div>
      {send.isError && (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(send.error)}
        </p>
      )}
    </form>
  );
}
