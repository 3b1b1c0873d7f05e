import { useEffect, useRef, type ReactNode, type UIEvent } from 'react';
import type { Message } from '@toolshed/core/contract';

const when = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

interface Props {
  messages: Message[];
  me: string;
  otherName: string;
  readUpTo: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  /** Under each message the other person sent: its 'Report' button. */
  reportAction?: (message: Message) => ReactNode;
}

/** Oldest at the top, newest at the bottom; scrolling to the top (or the button) brings older ones. */
export function MessageList({ messages, me, otherName, readUpTo, hasOlder, loadingOlder, onLoadOlder, reportAction }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const lastSeq = messages.at(-1)?.seq ?? 0;
  const firstSeq = messages[0]?.seq ?? 0;
  const heightBefore = useRef(0);

  // A new message at the bottom: follow it. Older ones at the top: keep the reader's place.
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastSeq]);
  useEffect(() => {
    const el = box.current;
    if (el && heightBefore.current) el.scrollTop = el.scrollHeight - heightBefore.current;
  }, [firstSeq]);

  function onScroll(event: UIEvent<HTMLDivElement>) {
    if (event.currentTarget.scrollTop === 0 && hasOlder && !loadingOlder) older();
  }
  function older() {
    heightBefore.current = box.current?.scrollHeight ?? 0;
    onLoadOlder();
  }

  return (
    <div
      ref={box}
      onScroll={onScroll}
      className="max-h-[28rem] min-h-48 overflow-y-auto rounded-lg bg-slate-50 p-3"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus so that it can be scrolled from the keyboard
      tabIndex={0}
      role="log"
      aria-label="Conversation"
    >
      {hasOlder && (
        <div className="mb-2 text-center">
          <button type="button" onClick={older} disabled={loadingOlder} className="text-sm text-emerald-900 underline underline-offset-2">
            {loadingOlder ? 'Loading...' : 'Show older messages'}
          </button>
        </div>
      )}
      {messages.length === 0 ? (
        <p className="text-slate-700">No messages yet. Say hello to {otherName}.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {messages.map((m) => {
            const mine = m.senderId === me;
            const read = mine && m.seq <= readUpTo;
            return (
              <li
                key={m.id}
                className={`max-w-[85%] rounded-lg px-3 py-2 ${mine ? 'self-end bg-emerald-100' : 'self-start border border-slate-200 bg-white'}`}
              >
                <p className="text-xs font-semibold text-slate-700">{mine ? 'You' : otherName}</p>
                <p className="break-words whitespace-pre-line text-slate-900">{m.content}</p>
                <p className="text-xs text-slate-600">
                  <time dateTime={m.timestamp}>{when.format(new Date(m.timestamp))}</time>
                  {mine && <span> · {read ? 'Read' : 'Sent'}</span>}
                  {!mine && reportAction && <span> · {reportAction(m)}</span>}
                </p>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
