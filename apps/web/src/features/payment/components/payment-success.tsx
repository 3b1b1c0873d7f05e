import { chargedAndHeldText, formatDate, formatPence, formatRequestDeadline, paidWithText } from '@toolshed/core';
import type { Order } from '@toolshed/core/contract';
import { useEffect, useRef } from 'react';
import { Link } from '../../../lib/router/index.ts';
import { errorMessage, isNotFound } from '../../../lib/api-error.ts';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { OrderSummary } from '../../../ui/order-summary.tsx';
import { CancellationPolicyNote } from '../../../ui/cancellation-policy-note.tsx';
import { daysText } from '../../../lib/days-text.ts';
import { useWheelbarrow } from '../../../data/wheelbarrow-store.tsx';
import { useOrder } from '../api/get-order.ts';
import { brandName } from '../../../lib/card-format.ts';

const linkClass = 'font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-950';

/** Takes the booked lines out of the wheelbarrow, once per order; other lines stay. */
function useEmptyBooked(order: Order | undefined) {
  const { lines, remove } = useWheelbarrow();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!order || done.current === order.id) return;
    done.current = order.id;
    for (const rental of order.rentals) {
      const booked = lines.find((l) => l.itemId === rental.item.id && l.startDate === rental.startDate && l.endDate === rental.endDate);
      if (booked) remove(booked.itemId);
    }
  }, [order, lines, remove]);
}

const names = (rentals: readonly Order['rentals'][number][]) => rentals.map((r) => r.item.name).join(', ');

/** What the order became: bookings (charged) and requests (held until their owner answers), said apart. */
export function orderTitle(order: Order): string {
  const requested = order.rentals.filter((r) => r.status === 'requested').length;
  if (requested === 0) return 'Booking confirmed';
  if (requested === order.rentals.length) return requested === 1 ? 'Request sent' : 'Requests sent';
  return 'Booked and requested';
}

function Booked({ order }: { order: Order }) {
  const card = `${brandName(order.card.brand) ?? 'Card'} ending ${order.card.last4}`;
  // Request-to-book lines are held on the card, not charged, until their owner accepts.
  const requested = order.rentals.filter((r) => r.status === 'requested');
  const booked = order.rentals.filter((r) => r.status !== 'requested');
  const heldPence = requested.reduce((sum, r) => sum + (r.request?.heldPence ?? 0), 0);
  const chargedPence = order.totalPence - heldPence;
  const depositPence = booked.reduce((sum, r) => sum + (r.depositHeldPence ?? 0), 0);
  return (
    <div className="space-y-6">
      {booked.length > 0 && (
        <p className="text-lg text-slate-800">
          Thank you. We have booked {booked.length === 1 ? 'your rental' : `your ${booked.length} rentals`}
          {requested.length > 0 ? ` (${names(booked)})` : ''}{' '}
          {order.balancePence > 0
            ? `and took ${formatPence(chargedPence)} (${paidWithText({ amountPence: chargedPence, balancePence: order.balancePence, card: order.card }).replace(/^Paid /, '')}).`
            : `and charged ${formatPence(chargedPence)} to your ${card}.`}
        </p>
      )}
      {depositPence > 0 && <p className="rounded-md bg-sky-50 px-3 py-2 text-sky-950">{chargedAndHeldText(chargedPence, depositPence)}.</p>}
      {requested.length > 0 && (
        <div className="space-y-2 rounded-md bg-violet-50 px-3 py-2 text-violet-950">
          <p>
            {requested.length === 1 ? 'Your request' : 'Your requests'} ({names(requested)}) {requested.length === 1 ? 'has' : 'have'} been
            sent to the owner. {formatPence(heldPence)} is held on your {card}, not charged: it is taken only if the owner accepts, and
            released if they decline or do not answer in time.
          </p>
          <ul className="list-disc pl-6">
            {requested.map((r) => (
              <li key={r.id}>
                {r.item.name}:{' '}
                {r.request
                  ? `the owner has until ${formatRequestDeadline(new Date(r.request.expiresAt))} to answer.`
                  : 'waiting for the owner.'}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-slate-700">
        Order reference: <span className="font-mono font-semibold text-slate-900">{order.reference}</span>
      </p>
      <section aria-labelledby="booked-heading">
        <h2 id="booked-heading" className="text-xl font-semibold text-slate-900">
          Your rentals
        </h2>
        <ul className="mt-3 space-y-3">
          {order.rentals.map((rental) => (
            <li
              key={rental.id}
              className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg border border-slate-200 bg-white p-4"
            >
              <div>
                <p className="font-semibold text-slate-900">{rental.item.name}</p>
                <p className="text-sm text-slate-700">
                  {formatDate(rental.startDate)} to {formatDate(rental.endDate)} · {daysText(rental.days)}
                </p>
                <CancellationPolicyNote policy={rental.cancellationPolicy} startDate={rental.startDate} className="mt-1" />
              </div>
              <p className="font-semibold text-slate-900">
                {formatPence(rental.totalPence)}
                {rental.status === 'requested' && (
                  <span className="block text-sm font-normal text-violet-900">Request: held, not charged</span>
                )}
              </p>
            </li>
          ))}
        </ul>
      </section>
      <div className="max-w-sm">
        <OrderSummary totals={order} />
      </div>
      <p>
        <Link to="/my-rentals" className={linkClass}>
          View my rentals
        </Link>
      </p>
    </div>
  );
}

function Title({ children }: { children: string }) {
  return (
    <>
      <title>{`${children} · Toolshed`}</title>
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">{children}</h1>
    </>
  );
}

/** /payment-success?order={orderId}: what was booked and charged. */
export function PaymentSuccess({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  useEmptyBooked(order.data);

  if (!orderId || (order.isError && isNotFound(order.error))) {
    return (
      <>
        <Title>Order not found</Title>
        <p className="text-slate-700">
          There is no order at this address. Your bookings are in{' '}
          <Link to="/my-rentals" className={linkClass}>
            My Rentals
          </Link>
          .
        </p>
      </>
    );
  }
  return (
    <>
      <Title>{order.data ? orderTitle(order.data) : 'Your order'}</Title>
      {order.isPending ? (
        <StatusMessage>Loading your booking...</StatusMessage>
      ) : order.isError ? (
        <ErrorState title="Your booking could not be loaded" message={errorMessage(order.error)} onRetry={() => void order.refetch()} />
      ) : (
        <Booked order={order.data} />
      )}
    </>
  );
}
