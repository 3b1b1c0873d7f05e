import { formatPence, SERVICE_FEE_PERCENT } from '@toolshed/core';

export interface OrderTotals {
  subtotalPence: number;
  serviceFeePence: number;
  totalPence: number;
}

/** Subtotal, fee and total: from priceBasket before paying, from the order after. */
export function OrderSummary({ totals, headingLevel = 2 }: { totals: OrderTotals; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="order-summary-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <Heading id="order-summary-heading" className="text-lg font-semibold text-slate-900">
        Order summary
      </Heading>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-2 text-slate-800">
        <dt>Subtotal</dt>
        <dd className="text-right">{formatPence(totals.subtotalPence)}</dd>
        <dt>Service fee ({SERVICE_FEE_PERCENT}%)</dt>
        <dd className="text-right">{formatPence(totals.serviceFeePence)}</dd>
        <dt className="border-t border-slate-200 pt-2 font-semibold text-slate-900">Total</dt>
        <dd className="border-t border-slate-200 pt-2 text-right font-semibold text-slate-900">{formatPence(totals.totalPence)}</dd>
      </dl>
    </section>
  );
}
