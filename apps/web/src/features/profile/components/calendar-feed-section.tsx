import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { FormAlert, inputClass, linkClass } from '../../../ui/form-parts.tsx';
import { useDisableCalendarFeed, useResetCalendarFeed } from '../api/account.ts';

const button =
  'rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60';

/** A private calendar address with the user's rentals and the bookings of their items. */
export function CalendarFeedSection({ exists }: { exists: boolean }) {
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const reset = useResetCalendarFeed();
  const disable = useDisableCalendarFeed();
  const busy = reset.isPending || disable.isPending;
  const failure = reset.error ?? disable.error;

  function makeAddress() {
    setCopied(false);
    reset.mutate(undefined, { onSuccess: (made) => setUrl(made.url) });
  }

  return (
    <section aria-labelledby="calendar-heading" className="space-y-4 border-t border-slate-200 pt-6">
      <h2 id="calendar-heading" className="text-xl font-semibold text-slate-900">
        Calendar feed
      </h2>
      <p className="text-slate-700">
        Add your rentals and the bookings of your items to your calendar app (Google Calendar, Apple Calendar, Outlook). The address is
        private: anyone who has it can see these dates.
      </p>
      {failure && <FormAlert>{errorMessage(failure)}</FormAlert>}
      {url ? (
        <div className="max-w-xl space-y-2">
          <label htmlFor="calendar-url" className="block text-sm font-medium text-slate-800">
            Your calendar address (shown only now: copy it into your calendar app)
          </label>
          <input id="calendar-url" readOnly value={url} className={inputClass} onFocus={(e) => e.currentTarget.select()} />
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              className={button}
              onClick={() => {
                void navigator.clipboard?.writeText(url).then(() => setCopied(true));
              }}
            >
              Copy address
            </button>
            <a href={url.replace(/^https?:/, 'webcal:')} className={linkClass}>
              Subscribe in your calendar app
            </a>
            <span role="status" className="text-sm text-emerald-800">
              {copied ? 'Copied.' : ''}
            </span>
          </div>
        </div>
      ) : (
        exists && <p className="text-slate-700">You have a calendar address. Lost it? Make a new one: the old one stops working.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" disabled={busy} onClick={makeAddress} className={button}>
          {exists || url ? 'Make a new address' : 'Create calendar address'}
        </button>
        {(exists || url) && (
          <button
            type="button"
            disabled={busy}
            onClick={() => disable.mutate(undefined, { onSuccess: () => setUrl(null) })}
            className={button}
          >
            Turn off
          </button>
        )}
      </div>
    </section>
  );
}
