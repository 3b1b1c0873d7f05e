import type { PaymentConfig } from '@toolshed/core/contract';

/** Payments are simulated, so the person paying needs the numbers that work. */
export function TestCardsNote({ config }: { config: PaymentConfig }) {
  return (
    <section aria-labelledby="test-cards-heading" className="rounded-xl border border-sky-200 bg-sky-50 p-5 text-sky-950">
      <h2 id="test-cards-heading" className="font-semibold">
        Test cards
      </h2>
      <p className="mt-1 text-sm">
        Payments are simulated: no real card is charged. Use one of these numbers with any future expiry date, a 3-digit security code and
        any name.
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        <li>
          <span className="font-mono font-semibold">{config.testCards.success}</span>: payment succeeds
        </li>
        <li>
          <span className="font-mono font-semibold">{config.testCards.declined}</span>: payment is declined
        </li>
        {config.testCards.challenge && (
          <li>
            <span className="font-mono font-semibold">{config.testCards.challenge}</span>: your bank asks you to confirm (3-D Secure)
          </li>
        )}
        {config.testCards.challengeThenDeclined && (
          <li>
            <span className="font-mono font-semibold">{config.testCards.challengeThenDeclined}</span>: your bank asks, then declines
          </li>
        )}
      </ul>
    </section>
  );
}
