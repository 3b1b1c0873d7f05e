import { useId } from 'react';
import { CALENDAR_IMPORT_MONTHS, type CalendarSource } from '@toolshed/core/contract';
import { errorMessage } from '../../../lib/api-error.ts';
import { FormAlert, FormField, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { useAddCalendarSource, useCalendarSources, useRemoveCalendarSource } from '../api/calendar-sources.ts';

const londonTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const ALL = 'all';
const ADDRESS_MESSAGE = 'Enter the calendar’s address: it starts with https://.';
/** How far ahead the server reads another calendar (the same constant decides its import). */
const AHEAD = `the next ${CALENDAR_IMPORT_MONTHS} months`;

function SourceEntry({ source, forWhat }: { source: CalendarSource; forWhat: string }) {
  const remove = useRemoveCalendarSource();
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-medium break-all text-slate-900">{source.url}</p>
          <p className="mt-1 text-sm text-slate-700">For: {forWhat}</p>
          <p className="mt-1 text-sm text-slate-700">
            {source.lastFetchedAt
              ? `Last fetched ${londonTime.format(new Date(source.lastFetchedAt))} (London time)`
              : 'Waiting for the first fetch (within a minute)'}
          </p>
          {source.lastError ? (
            <p className="mt-1 text-sm font-medium text-red-800">Last error: {source.lastError}</p>
          ) : (
            source.lastFetchedAt && (
              <p className="mt-1 text-sm text-emerald-900">
                {source.busyPeriods === 0
                  ? `No busy days in ${AHEAD}`
                  : `${source.busyPeriods} busy period${source.busyPeriods === 1 ? '' : 's'} blocked in ${AHEAD}`}
              </p>
            )
          )}
          {source.lastWarning && <p className="mt-1 text-sm text-amber-900">Note: {source.lastWarning}</p>}
          {remove.isError && <p className="mt-1 text-sm text-red-800">{errorMessage(remove.error)}</p>}
        </div>
        <button
          type="button"
          onClick={() => remove.mutate(source.id)}
          disabled={remove.isPending}
          aria-label={`Remove calendar ${source.url}`}
          className="rounded-md border border-red-700 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
        >
          {remove.isPending ? 'Removing...' : 'Remove'}
        </button>
      </div>
    </li>
  );
}

/** The calendars added, those that apply to `itemId` when given. */
function SourceList({ items, itemId }: { items: ReadonlyArray<{ id: string; name: string }>; itemId?: string }) {
  const sources = useCalendarSources();
  const nameOf = (source: CalendarSource) =>
    source.itemId === null ? 'All my items' : (source.itemName ?? items.find((i) => i.id === source.itemId)?.name ?? 'An item');
  if (sources.isPending) return <StatusMessage>Loading your calendars...</StatusMessage>;
  if (sources.isError)
    return (
      <ErrorState title="Your calendars could not be loaded" message={errorMessage(sources.error)} onRetry={() => void sources.refetch()} />
    );
  const shown = itemId ? sources.data.filter((s) => s.itemId === null || s.itemId === itemId) : sources.data;
  return shown.length === 0 ? (
    <p className="text-sm text-slate-700">No other calendars yet.</p>
  ) : (
    <ul className="space-y-3" aria-label="Your other calendars">
      {shown.map((source) => (
        <SourceEntry key={source.id} source={source} forWhat={nameOf(source)} />
      ))}
    </ul>
  );
}

/**
 * The owner's other calendars (calendar sync): iCalendar addresses whose busy days cannot be booked,
 * for one item or all of them. `items`: the owner's items to choose from; `itemId`: on an item's own
 * page, only the calendars that apply to it are listed and the form offers that item or all.
 */
export function CalendarSourcesPanel({ items, itemId }: { items: ReadonlyArray<{ id: string; name: string }>; itemId?: string }) {
  const id = useId();
  const add = useAddCalendarSource();
  const form = useCheckedForm<{ url: string; itemId: string }>({
    defaultValues: { url: '', itemId: itemId ?? ALL },
    // The address is read by the server (it fetches it): the form asks only that there is one.
    check: ({ url }) => ({ url: url.trim() ? undefined : ADDRESS_MESSAGE }),
    idPrefix: id,
    ids: { itemId: `${id}-item` },
  });
  const choices = itemId ? items.filter((i) => i.id === itemId) : items;

  const submit = form.submit((values) =>
    add.mutateAsync({ url: values.url, itemId: values.itemId === ALL ? null : values.itemId }).then(
      () => form.reset({ url: '', itemId: values.itemId }),
      (error: unknown) => form.serverError(error, ['url', 'itemId']),
    ),
  );

  return (
    <section aria-labelledby={`${id}-title`} className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900">
        Other calendars
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Busy days in another calendar (an iCalendar address from Google Calendar, Outlook or another rental site) cannot be booked here. We
        read it within a minute of adding it, then every 15 minutes. Only {AHEAD} are read: every day a repeating event falls on in that
        time is blocked, days further ahead are not. A repeating event whose rule we cannot follow (such as &lsquo;the first weekday of
        every month&rsquo;) blocks its first day only.
      </p>
      <div className="mt-4">
        <SourceList items={items} itemId={itemId} />
      </div>
      <form onSubmit={submit} className="mt-6 grid gap-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end" noValidate>
        {form.failure && (
          <div className="sm:col-span-3">
            <FormAlert>{form.failure}</FormAlert>
          </div>
        )}
        <FormField id={form.id('url')} label="Calendar address" problem={form.problem('url')}>
          <input
            {...form.field('url')}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://calendar.example/owner.ics"
            className={inputClass}
          />
        </FormField>
        <FormField id={form.id('itemId')} label="For" problem={form.problem('itemId')}>
          <select {...form.field('itemId')} className={inputClass}>
            <option value={ALL}>All my items</option>
            {choices.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </FormField>
        <button type="submit" disabled={add.isPending} className={primaryButtonClass}>
          {add.isPending ? 'Adding...' : 'Add calendar'}
        </button>
      </form>
    </section>
  );
}
