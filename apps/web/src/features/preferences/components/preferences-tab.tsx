import { useId } from 'react';
import type { NotificationPreferences } from '@toolshed/core/contract';
import { errorMessage } from '../../../lib/api-error.ts';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { useNotificationPreferences, useSavePreferences } from '../api/notification-preferences.ts';

type Key = keyof NotificationPreferences;

const CHANNELS: { key: Key; label: string; hint: string }[] = [
  { key: 'email', label: 'Email', hint: 'An email for each notification you get below. Receipts for your orders are always emailed.' },
  { key: 'push', label: 'Push', hint: 'Browser push alerts. None are sent yet: the bell in the header shows every notification.' },
  { key: 'sms', label: 'SMS', hint: 'Text messages for urgent updates, to your verified phone only.' },
];

const KINDS: { key: Key; label: string; hint: string }[] = [
  { key: 'newRequests', label: 'New requests', hint: 'When someone books one of your items.' },
  { key: 'statusUpdates', label: 'Status updates', hint: 'Cancellations, returns, messages, reviews and payouts.' },
  {
    key: 'returnReminders',
    label: 'Return reminders',
    hint: 'The morning before a rental ends, when one is overdue, and to take handover photos on its first and last days.',
  },
  { key: 'marketing', label: 'Marketing', hint: 'News and offers from Toolshed.' },
];

function Switch({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange(v: boolean): void;
}) {
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-1 h-5 w-9 shrink-0 cursor-pointer accent-emerald-700"
      />
    </li>
  );
}

/** The Preferences tab: how and about what we tell you; every change is saved at once. */
export function PreferencesTab() {
  const prefs = useNotificationPreferences();
  const save = useSavePreferences();
  const idBase = useId();
  if (prefs.isPending) return <StatusMessage>Loading your preferences...</StatusMessage>;
  if (prefs.isError)
    return (
      <ErrorState title="Your preferences could not be loaded" message={errorMessage(prefs.error)} onRetry={() => void prefs.refetch()} />
    );
  const current = prefs.data;
  const set = (key: Key, value: boolean) => save.mutate({ ...current, [key]: value });

  const group = (title: string, rows: typeof CHANNELS) => (
    <section aria-labelledby={`${idBase}-${title}`} className="rounded-xl border border-slate-200 bg-white px-4">
      <h2 id={`${idBase}-${title}`} className="pt-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="divide-y divide-slate-200">
        {rows.map((r) => (
          <Switch
            key={r.key}
            id={`${idBase}-${r.key}`}
            label={r.label}
            hint={r.hint}
            checked={current[r.key]}
            onChange={(v) => set(r.key, v)}
          />
        ))}
      </ul>
    </section>
  );

  return (
    <div className="flex max-w-2xl flex-col gap-6">
      <p className="text-slate-700">Notifications always appear in the app. Choose what else we send you.</p>
      {group('How we tell you', CHANNELS)}
      {group('What we tell you about', KINDS)}
      <p aria-live="polite" className="text-sm text-slate-700">
        {save.isPending ? (
          'Saving...'
        ) : save.isError ? (
          <span className="text-red-800">{errorMessage(save.error)} Your change was not saved.</span>
        ) : save.isSuccess ? (
          'Saved.'
        ) : (
          ''
        )}
      </p>
    </div>
  );
}
