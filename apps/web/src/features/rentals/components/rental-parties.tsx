import { formatPence, refundSentences } from '@toolshed/core';
import type { RentalView } from '@toolshed/core/contract';
import { Link } from '../../../lib/router/index.ts';

const linkClass = 'font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-950';

const WHO = { renter: 'the renter', owner: 'the owner', system: 'Toolshed' } as const;

/** The item's messages; the owner goes straight to this renter's thread. */
function messagesPath(rental: RentalView, renterSide: boolean): string {
  const base = `/item/${encodeURIComponent(rental.item.id)}/messages`;
  return renterSide ? base : `${base}?with=${encodeURIComponent(rental.renter.id)}`;
}

/** Where to collect the item, how to reach the other party, and what a cancellation gave back. */
export function RentalParties({ rental }: { rental: RentalView }) {
  const renterSide = rental.role === 'renter';
  const c = rental.cancellation;
  return (
    <div className="space-y-4">
      {c && (
        <div className="rounded-lg border border-stone-300 bg-stone-50 p-3 text-slate-800">
          <p>
            Cancelled by {c.by === rental.role ? 'you' : WHO[c.by]}.{' '}
            {c.refundPence > 0 && (renterSide ? refundSentences(c) : `${formatPence(c.refundPence)} was returned to the renter.`)}
          </p>
          {c.reason && <p className="mt-1">Reason: {c.reason}</p>}
        </div>
      )}
      {rental.pickup && !c && (
        <div>
          <h2 className="text-lg font-semibold text-slate-900">{renterSide ? 'Collect from' : 'Your item is at'}</h2>
          <address className="not-italic text-slate-800">
            {[rental.pickup.address, rental.pickup.city, rental.pickup.postcode].filter(Boolean).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
        </div>
      )}
      {rental.contact && (
        <div>
          <h2 className="text-lg font-semibold text-slate-900">
            {renterSide ? 'Owner' : 'Renter'}: {rental.contact.name}
          </h2>
          <ul className="text-slate-800">
            {rental.contact.email && (
              <li>
                Email:{' '}
                <a href={`mailto:${rental.contact.email}`} className={linkClass}>
                  {rental.contact.email}
                </a>
              </li>
            )}
            {rental.contact.phone && <li>Phone: {rental.contact.phone}</li>}
          </ul>
          <p className="mt-1">
            <Link to={messagesPath(rental, renterSide)} className={linkClass}>
              {renterSide ? 'Message the owner' : 'Message the renter'}
            </Link>
          </p>
        </div>
      )}
    </div>
  );
}
