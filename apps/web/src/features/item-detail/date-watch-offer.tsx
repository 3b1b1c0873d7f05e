import { dateSpan, dateWatchSavedSentence, type IsoDate } from '@toolshed/core';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../../data/auth-provider.tsx';
import { useDateWatches, useStopWatchingDates, useWatchDates } from '../../data/date-watches.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { loginPathFrom } from '../../lib/login-path.ts';
import { useLocation, useNavigate } from '../../lib/router/index.ts';

export interface DateWatchOfferProps {
  itemId: string;
  /** Dates that are taken now (booked, blocked or in a buffer): the member may wait for them. */
  startDate: IsoDate;
  endDate: IsoDate;
}

const buttonClass =
  'w-full rounded-lg border border-emerald-700 bg-white px-4 py-2.5 text-base font-semibold text-emerald-900 hover:bg-emerald-50 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-emerald-900 disabled:cursor-wait disabled:opacity-70';

/** The member's watch on these dates, if any, and asking for one or stopping it. */
function useDateWatch({ itemId, startDate, endDate }: DateWatchOfferProps) {
  const { status } = useAuth();
  const signedIn = status === 'signed-in';
  const watches = useDateWatches(signedIn);
  const watchDates = useWatchDates();
  const stopWatching = useStopWatchingDates();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [problem, setProblem] = useState<string | null>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const [moveFocus, setMoveFocus] = useState<'stop' | 'ask' | null>(null);

  const waiting = watches.data?.find(
    (w) => w.itemId === itemId && w.startDate === startDate && w.endDate === endDate && w.notifiedAt === null,
  );

  // The button pressed gives way to the other: focus follows, so a keyboard user is not left on nothing.
  useEffect(() => {
    if (moveFocus === 'stop' && waiting) stopRef.current?.focus();
    if (moveFocus === 'ask' && !waiting) askRef.current?.focus();
  }, [moveFocus, waiting]);

  function ask() {
    setProblem(null);
    if (!signedIn) {
      // Back to this item on these dates after signing in, to ask again there.
      const params = new URLSearchParams(search);
      params.set('startDate', startDate);
      params.set('endDate', endDate);
      void navigate(loginPathFrom(`${pathname}?${params}`));
      return;
    }
    watchDates.mutate(
      { itemId, startDate, endDate },
      { onSuccess: () => setMoveFocus('stop'), onError: (err) => setProblem(errorMessage(err)) },
    );
  }

  function stop(watchId: string) {
    setProblem(null);
    stopWatching.mutate(watchId, { onSuccess: () => setMoveFocus('ask'), onError: (err) => setProblem(errorMessage(err)) });
  }

  return { status, signedIn, watches, watchDates, stopWatching, problem, stopRef, askRef, waiting, ask, stop };
}

/**
 * "Tell me if these dates free up", under the booking button when the chosen dates are taken. A visitor
 * signs in and comes back to this item on these dates; a member's watch is saved and can be stopped here.
 */
export function DateWatchOffer(props: DateWatchOfferProps) {
  const { startDate, endDate } = props;
  const { status, signedIn, watches, watchDates, stopWatching, problem, stopRef, askRef, waiting, ask, stop } = useDateWatch(props);
  if (status === 'loading') return null;
  const span = dateSpan(startDate, endDate);
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className={waiting ? 'text-sm font-medium text-emerald-900' : 'sr-only'}>
        {waiting ? dateWatchSavedSentence(startDate, endDate) : ''}
      </p>
      {waiting ? (
        <button
          ref={stopRef}
          type="button"
          disabled={stopWatching.isPending}
          onClick={() => stop(waiting.id)}
          aria-label={`Stop waiting for ${span}`}
          className="self-start rounded-md px-2 py-1 text-sm font-medium text-emerald-800 underline underline-offset-4 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
        >
          Stop waiting
        </button>
      ) : (
        <button
          ref={askRef}
          type="button"
          disabled={watchDates.isPending || (signedIn && watches.isPending)}
          onClick={ask}
          className={buttonClass}
        >
          Tell me if these dates free up
        </button>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}
