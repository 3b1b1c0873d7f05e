import type { Unsubscribed } from '@toolshed/core/contract';
import { useEffect, useRef } from 'react';
import { useDataSource } from '../../../data/data-source.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { Link } from '../../../lib/router/index.ts';
import { linkClass } from '../../../ui/form-parts.tsx';
import { StatusMessage } from '../../../ui/status-views.tsx';
import { useStopAlerts } from '../api/saved-searches.ts';

function Stopped({ answer }: { answer: Unsubscribed }) {
  return (
    <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
      {answer.stopped ? `You won't get alerts for “${answer.name}” any more.` : 'These alerts were already stopped.'}
    </p>
  );
}

/**
 * /alerts/stop/:token, the alert email's stop link. Opening the page does nothing by itself (a mail
 * scanner that only fetches it stops nothing): the page's script posts the token, once.
 */
export function StopAlertsScreen({ token }: { token: string }) {
  const { mode } = useDataSource();
  const stop = useStopAlerts();
  const sent = useRef(false);
  const { mutate } = stop;

  useEffect(() => {
    if (mode !== 'api' || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [mode, token, mutate]);

  let outcome;
  if (mode === 'mock')
    outcome = (
      <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-4 text-amber-900">
        Stopping alerts needs the live Toolshed service, and we are showing sample data just now. Please open the link again later.
      </p>
    );
  else if (stop.isSuccess) outcome = <Stopped answer={stop.data} />;
  else if (stop.isError)
    outcome = (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-900">
        {errorMessage(stop.error)}
      </p>
    );
  else outcome = <StatusMessage>Stopping these alerts...</StatusMessage>;

  return (
    <>
      {outcome}
      <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/saved-searches" className={linkClass}>
          Your saved searches
        </Link>
        <Link to="/category/all" className={linkClass}>
          Browse items
        </Link>
      </p>
    </>
  );
}
