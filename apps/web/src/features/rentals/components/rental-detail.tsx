import { chargedAndHeldText, formatDate, formatLinePrice, formatPence } from '@toolshed/core';
import type { RentalView } from '@toolshed/core/contract';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/router/index.ts';
import { errorMessage, isNotFound } from '../../../lib/api-error.ts';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { daysText } from '../../../lib/days-text.ts';
import { useRental } from '../api/get-rentals.ts';
import { RentalActions } from './rental-actions.tsx';
import { ExtendRental } from './extend-rental.tsx';
import { RentalParties } from './rental-parties.tsx';
import { HandoverSection } from './handover-section.tsx';
import { HandoverTimesSection } from './handover-times-section.tsx';
import { RentalStatusBadge } from '../../../ui/rental-status-badge.tsx';
import { CancellationPolicyNote } from '../../../ui/cancellation-policy-note.tsx';

const linkClass = 'font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-950';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-900">{term}</dt>
      <dd className="min-w-0 break-words text-slate-800">{children}</dd>
    </>
  );
}

function Details({ rental }: { rental: RentalView }) {
  return (
    <div className="flex flex-col gap-6 sm:flex-row">
      {rental.item.imageUrl && (
        <img src={rental.item.imageUrl} alt="" width={240} height={160} className="h-40 w-60 shrink-0 rounded-lg object-cover" />
      )}
      <dl className="grid flex-1 grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <Row term="Item">
          <Link to={`/category/all/item/${encodeURIComponent(rental.item.id)}`} className={linkClass}>
            {rental.item.name}
          </Link>
        </Row>
        {rental.role === 'owner' ? (
          <Row term="Renter">
            <Link to={`/owner/${encodeURIComponent(rental.renter.id)}`} className={linkClass}>
              {rental.renter.name}
            </Link>
          </Row>
        ) : (
          <Row term="Owner">
            <Link to={`/owner/${encodeURIComponent(rental.owner.id)}`} className={linkClass}>
              {rental.owner.name}
            </Link>
          </Row>
        )}
        <Row term="Dates">
          {formatDate(rental.startDate)} to {formatDate(rental.endDate)}
        </Row>
        <Row term="Length">{daysText(rental.days)}</Row>
        <Row term="Price">{formatLinePrice(rental.dailyRatePence, rental.days, rental.weeklyRatePence)}</Row>
        <Row term="Total">{formatPence(rental.totalPence)}</Row>
        {rental.role === 'renter' && rental.paidPence > 0 && <Row term="Paid with service fee">{formatPence(rental.paidPence)}</Row>}
        {rental.role === 'renter' && rental.paidPence > 0 && (rental.depositHeldPence ?? 0) > 0 && (
          <Row term="On your card">
            {rental.status === 'cancelled'
              ? `The ${formatPence(rental.depositHeldPence ?? 0)} deposit hold is being released: it was never charged.`
              : chargedAndHeldText(rental.paidPence, rental.depositHeldPence ?? 0)}
          </Row>
        )}
        <Row term="Status">
          <RentalStatusBadge rental={rental} />
        </Row>
        {(rental.status === 'upcoming' || rental.status === 'requested') && (
          <Row term="Cancellation">
            <CancellationPolicyNote policy={rental.cancellationPolicy} startDate={rental.startDate} now={new Date()} />
          </Row>
        )}
        {rental.status === 'cancelled' && rental.cancellation?.by === 'renter' && (
          // Every step of the policy the renter cancelled under, so the refund can be read against it.
          <Row term="Cancellation">
            <CancellationPolicyNote policy={rental.cancellationPolicy} startDate={rental.startDate} />
          </Row>
        )}
        {rental.role === 'renter' && (
          <Row term="Order reference">{rental.orderReference ? <span className="font-mono">{rental.orderReference}</span> : 'None'}</Row>
        )}
      </dl>
    </div>
  );
}

/**
 * /rentals/:rentalId: one rental in full; `reviews` is what the page shows of its reviews (the reviews
 * feature's), `deposit` its deposit and claims (the deposits feature's).
 */
export function RentalDetail({
  rentalId,
  reviews,
  deposit,
}: {
  rentalId: string;
  reviews?: (rental: RentalView) => ReactNode;
  deposit?: (rental: RentalView) => ReactNode;
}) {
  const rental = useRental(rentalId);
  let body;
  if (rental.isPending) body = <StatusMessage>Loading rental...</StatusMessage>;
  else if (rental.isError) {
    body = isNotFound(rental.error) ? (
      <p className="text-slate-700">Rental not found.</p>
    ) : (
      <ErrorState title="This rental could not be loaded" message={errorMessage(rental.error)} onRetry={() => void rental.refetch()} />
    );
  } else {
    body = (
      <>
        <Details rental={rental.data} />
        <RentalActions rental={rental.data} />
        <ExtendRental rental={rental.data} />
        <RentalParties rental={rental.data} />
        <HandoverTimesSection rental={rental.data} />
        <HandoverSection rental={rental.data} />
        {deposit?.(rental.data)}
        {reviews?.(rental.data)}
      </>
    );
  }
  const back =
    rental.data?.role === 'owner' ? { to: '/my-items', label: 'Back to My Items' } : { to: '/my-rentals', label: 'Back to My Rentals' };
  return (
    <div className="space-y-6">
      {body}
      <p>
        <Link to={back.to} className={linkClass}>
          {back.label}
        </Link>
      </p>
    </div>
  );
}
