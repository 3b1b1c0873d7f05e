import { Link } from '../../../lib/router/index.ts';
import { FormAlert, linkClass } from '../../../ui/form-parts.tsx';
import type { PaymentFailure } from '../payment-failure.ts';

/** A failed payment: what happened, and where to put it right when it is not the card. */
export function FailureAlert({ failure, reenter }: { failure: PaymentFailure; reenter: boolean }) {
  return (
    <FormAlert>
      <p className="font-semibold">{failure.message}</p>
      {failure.detail && <p className="mt-1">{failure.detail}</p>}
      {failure.fix === 'checkout' && (
        <p className="mt-2">
          <Link to="/checkout" className={linkClass}>
            Back to checkout
          </Link>
        </p>
      )}
      {failure.fix === 'address' && (
        <p className="mt-2">
          <Link to="/profile?tab=profile#address" state={{ from: '/checkout' }} className={linkClass}>
            Add your address
          </Link>
        </p>
      )}
      {reenter && failure.fix === null && <p className="mt-1">For your security, please enter the card number and security code again.</p>}
    </FormAlert>
  );
}
