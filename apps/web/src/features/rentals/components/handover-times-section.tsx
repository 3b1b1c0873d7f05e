import { useState } from 'react';
import { formatDate, type HandoverTimeSide } from '@toolshed/core';
import type { HandoverTimeSideView, RentalView } from '@toolshed/core/contract';
import { errorMessage } from '../../../lib/api-error.ts';
import { FormAlert, FormField } from '../../../ui/form-parts.tsx';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { useAcceptHandoverTime, useHandoverTimes, useProposeHandoverTime } from '../api/handover-times.ts';

const smallButton = 'rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100';
const LABEL: Record<HandoverTimeSide, string> = { pickup: 'Pick-up', return: 'Return' };
const CHOOSE_A_TIME = 'Please choose a time from the list.';

function SideTime(props: { rental: RentalView; side: HandoverTimeSide; view: HandoverTimeSideView }) {
  const { rental, side, view } = props;
  const propose = useProposeHandoverTime(rental.id);
  const accept = useAcceptHandoverTime(rental.id);
  const [open, setOpen] = useState(false);
  const form = useCheckedForm<{ time: string }>({
    defaultValues: { time: '' },
    check: ({ time }) => ({ time: time ? undefined : CHOOSE_A_TIME }),
    idPrefix: `propose-${side}`,
    ids: { time: `propose-${side}` },
  });
  const other = rental.role === 'owner' ? rental.renter.name : rental.owner.name;

  const onSubmit = form.submit(({ time }) =>
    propose.mutateAsync({ side, time }).then(
      () => {
        setOpen(false);
        form.reset();
      },
      (error: unknown) => form.serverError(error, ['time']),
    ),
  );

  return (
    <div className="space-y-2">
      <dt className="font-medium text-slate-900">{LABEL[side]}</dt>
      {/* One definition per term: the time, then what can be done about it. */}
      <dd className="space-y-2 text-slate-800">
        <p>
          {formatDate(view.date)}, {view.time ?? 'no time chosen'}
          {view.time && ' (London time)'}
        </p>
        {view.proposal && (
          <p className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-950">
            <span>
              {view.proposal.by === rental.role
                ? `You proposed ${view.proposal.time}; waiting for ${other} to accept.`
                : `${other} proposes ${view.proposal.time} instead.`}
            </span>
            {view.proposal.canAccept && (
              <button type="button" disabled={accept.isPending} onClick={() => accept.mutate(side)} className={`ml-3 ${smallButton}`}>
                Accept {view.proposal.time}
              </button>
            )}
          </p>
        )}
        {accept.isError && <FormAlert>{errorMessage(accept.error)}</FormAlert>}
        {view.canPropose && !open && (
          <button type="button" aria-expanded={open} onClick={() => setOpen(true)} className={smallButton}>
            Propose a new {side === 'pickup' ? 'pick-up' : 'return'} time
          </button>
        )}
        {open && (
          <form noValidate onSubmit={onSubmit} aria-label={`Propose a new ${LABEL[side].toLowerCase()} time`} className="space-y-2">
            {form.failure && <FormAlert>{form.failure}</FormAlert>}
            <div className="flex flex-wrap items-end gap-2">
              <FormField id={form.id('time')} label={`New time on ${formatDate(view.date)}`} problem={form.problem('time')}>
                <select {...form.field('time')} className="mt-1 block rounded-md border border-slate-400 bg-white px-2 py-1.5">
                  <option value="">Choose a time</option>
                  {view.slots.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </select>
              </FormField>
              <button type="submit" disabled={propose.isPending} className={smallButton}>
                Propose
              </button>
              <button type="button" onClick={() => setOpen(false)} className={smallButton}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </dd>
    </div>
  );
}

/** The pick-up and return times on the rental page: either party proposes a new one, the other accepts it. */
export function HandoverTimesSection({ rental }: { rental: RentalView }) {
  const times = useHandoverTimes(rental.id);
  if (rental.status === 'cancelled' || !times.data) return null;
  return (
    <section aria-labelledby="handover-times-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="handover-times-heading" className="text-lg font-semibold text-slate-900">
        Handover times
      </h2>
      <dl className="mt-2 grid gap-4 sm:grid-cols-2">
        <SideTime rental={rental} side="pickup" view={times.data.pickup} />
        <SideTime rental={rental} side="return" view={times.data.return} />
      </dl>
    </section>
  );
}
