import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { Link, useNavigate } from '../../../lib/router/index.ts';
import { FormSuccess, linkClass } from '../../../ui/form-parts.tsx';
import { confirmOrder } from '../api/place-order.ts';
import { saveUnfinished } from '../payment-attempt.ts';
import { describeFailure, type PaymentFailure } from '../payment-failure.ts';
import { CONFIRMED_MS } from '../use-card-payment.ts';
import { FailureAlert } from './failure-alert.tsx';

type ReturnPhase =
  { kind: 'checking' } | { kind: 'confirmed'; orderId: string } | { kind: 'unfinished' } | { kind: 'failed'; failure: PaymentFailure };

/**
 * /payment/card?attempt=...: back from the bank's page. Asks the server to finish the checkout (the
 * same answer however often it is asked: a reload, a second tab), then shows 'Payment confirmed' and
 * goes on to the booking, or the failure in the spec's words with a way to pay again.
 */
export function ChallengeReturn({ attemptId }: { attemptId: string }) {
  const [phase, setPhase] = useState<ReturnPhase>({ kind: 'checking' });
  const asked = useRef(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    confirmOrder(attemptId).then(
      ({ orderId }) => {
        saveUnfinished(null);
        void queryClient.invalidateQueries({ queryKey: ['rentals'] });
        void queryClient.invalidateQueries({ queryKey: ['balance'] });
        setPhase({ kind: 'confirmed', orderId });
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 409 && error.field === 'challenge') {
          setPhase({ kind: 'unfinished' });
          return;
        }
        // A clear answer ends this attempt: paying again starts a new one.
        if (error instanceof ApiError && error.status === 402) saveUnfinished(null);
        setPhase({ kind: 'failed', failure: describeFailure(error) });
      },
    );
  }, [attemptId, queryClient]);

  const orderId = phase.kind === 'confirmed' ? phase.orderId : null;
  useEffect(() => {
    if (!orderId) return;
    const timer = setTimeout(() => void navigate(`/payment-success?order=${encodeURIComponent(orderId)}`), CONFIRMED_MS);
    return () => clearTimeout(timer);
  }, [orderId, navigate]);

  return (
    <section aria-labelledby="challenge-return-heading" className="max-w-xl space-y-4">
      <h2 id="challenge-return-heading" className="text-xl font-semibold text-slate-900">
        Your bank's check
      </h2>
      <div role="status">
        {phase.kind === 'checking' && <p className="rounded-md bg-slate-100 p-3 font-medium text-slate-900">Processing payment...</p>}
        {phase.kind === 'confirmed' && (
          <FormSuccess>
            <p className="text-base font-semibold">Payment confirmed</p>
            <p>Taking you to your booking...</p>
          </FormSuccess>
        )}
      </div>
      {phase.kind === 'unfinished' && (
        <p className="rounded-md bg-amber-50 p-3 text-amber-950">
          Your bank has not had your answer yet.{' '}
          <Link to={`/bank/challenge/${encodeURIComponent(attemptId)}`} className={linkClass}>
            Back to your bank's check
          </Link>
        </p>
      )}
      {phase.kind === 'failed' && (
        <>
          <FailureAlert failure={phase.failure} reenter={false} />
          <button
            type="button"
            onClick={() => void navigate('/payment/card', { replace: true })}
            className="rounded-md bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700"
          >
            Try again
          </button>
        </>
      )}
    </section>
  );
}
