import { formatPence } from '@toolshed/core';
import { Link } from '../../../lib/router/index.ts';
import { BasketGate } from './basket-gate.tsx';
import { OrderSummary } from '../../../ui/order-summary.tsx';

/** /payment-selection: card is the only way to pay. */
export function PaymentSelection() {
  return (
    <BasketGate>
      {(basket) => (
        <div className="grid gap-8 md:grid-cols-[1fr_18rem]">
          <section aria-labelledby="methods-heading">
            <h2 id="methods-heading" className="text-xl font-semibold text-slate-900">
              How would you like to pay?
            </h2>
            <ul className="mt-3">
              <li>
                <Link
                  to="/payment/card"
                  aria-labelledby="card-option-name"
                  aria-describedby="card-option-text"
                  className="block rounded-xl border-2 border-slate-300 bg-white p-5 hover:border-emerald-700 focus-visible:border-emerald-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
                >
                  <span id="card-option-name" className="block text-lg font-semibold text-slate-900">
                    Credit or debit card
                  </span>
                  <span id="card-option-text" className="mt-1 block text-slate-700">
                    Visa, Mastercard or American Express. You pay {formatPence(basket.price.totalPence)}.
                  </span>
                </Link>
              </li>
            </ul>
            <p className="mt-4">
              <Link to="/checkout" className="font-medium text-emerald-800 underline underline-offset-4 hover:text-emerald-950">
                Back to checkout
              </Link>
            </p>
          </section>
          <OrderSummary totals={basket.price} />
        </div>
      )}
    </BasketGate>
  );
}
