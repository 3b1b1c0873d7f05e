import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatPence } from '@toolshed/core';
import { useState } from 'react';
import { errorMessage } from '../lib/api-error.ts';
import { Link, useNavigate, useParams, useSearchParams } from '../lib/router/index.ts';
import { FormAlert, linkClass } from '../ui/form-parts.tsx';
import { PageMain } from '../ui/page-main.tsx';
import { ErrorState, StatusMessage } from '../ui/status-views.tsx';
import { answerChallenge, getAttempt } from '../features/payment/api/place-order.ts';
import { brandName } from '../lib/card-format.ts';
import { answerDepositChallenge, getDepositChallenge } from '../features/deposits/api/deposit.ts';

/**
 * /bank/challenge/:attemptId: the simulated card issuer's 3-D Secure page. A real bank shows its own
 * page or app; this one is Toolshed's stand-in, marked as a test page, with Approve and Fail.
 */
export function BankChallengePage() {
  const { attemptId = '' } = useParams();
  // A deposit card's check (?for=deposit) comes back to its rental; a checkout's to the payment page.
  const forDeposit = useSearchParams()[0].get('for') === 'deposit';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = useQuery<{ status: string; challenge: { amountPence: number; brand: string; last4: string } | null; rentalId?: string }>({
    queryKey: [forDeposit ? 'deposit-challenge' : 'checkout-attempt', attemptId],
    queryFn: () => (forDeposit ? getDepositChallenge(attemptId) : getAttempt(attemptId)),
    retry: false,
  });
  const back =
    forDeposit && attempt.data?.rentalId
      ? `/rentals/${encodeURIComponent(attempt.data.rentalId)}`
      : `/payment/card?attempt=${encodeURIComponent(attemptId)}`;

  async function send(approve: boolean) {
    if (sending) return;
    setSending(true);
    setProblem(null);
    try {
      const { returnUrl } = await (forDeposit ? answerDepositChallenge(attemptId, approve) : answerChallenge(attemptId, approve));
      // The rental's deposit has moved (held, or a new reason): read again when the rental shows.
      if (forDeposit) await queryClient.invalidateQueries({ queryKey: ['rentals'] });
      void navigate(returnUrl, { replace: true });
    } catch (error) {
      setProblem(errorMessage(error));
      setSending(false);
    }
  }

  // What the bank is confirming: a checkout's payment, or a card to hold a deposit on (nothing taken).
  const words = forDeposit
    ? {
        heading: 'Confirm your card for the deposit',
        loading: 'Loading the check...',
        notFound: 'This check could not be found',
        amount: 'Deposit to hold',
        ask: "Your bank asks you to confirm this card for your rental's deposit: it is held on the card, not charged. On a real bank's page you would enter a code or use your banking app.",
      }
    : {
        heading: 'Confirm your payment',
        loading: 'Loading the payment...',
        notFound: 'This payment could not be found',
        amount: 'Amount',
        ask: "Your bank asks you to confirm this payment. On a real bank's page you would enter a code or use your banking app.",
      };

  return (
    <PageMain className="mx-auto max-w-lg px-4 py-8 sm:py-12">
      <title>{`Your bank: ${words.heading.toLowerCase()} · test page`}</title>
      <div className="overflow-hidden rounded-xl border-2 border-indigo-900 bg-white shadow-sm">
        <p className="bg-indigo-900 px-5 py-2 text-sm font-semibold tracking-wide text-white">
          Simulated bank · test page: no real bank is involved
        </p>
        <div className="space-y-4 p-5">
          <h1 className="text-2xl font-bold text-slate-900">{words.heading}</h1>
          {attempt.isPending && <StatusMessage>{words.loading}</StatusMessage>}
          {attempt.isError && (
            <ErrorState title={words.notFound} message={errorMessage(attempt.error)} onRetry={() => void attempt.refetch()} />
          )}
          {attempt.data && attempt.data.status !== 'awaiting_challenge' && (
            <p>
              This check is finished.{' '}
              <Link to={back} replace className={linkClass}>
                Back to Toolshed
              </Link>
            </p>
          )}
          {attempt.data?.status === 'awaiting_challenge' && attempt.data.challenge && (
            <>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
                <dt className="font-medium">Merchant</dt>
                <dd>Toolshed</dd>
                <dt className="font-medium">{words.amount}</dt>
                <dd>{formatPence(attempt.data.challenge.amountPence)}</dd>
                <dt className="font-medium">Card</dt>
                <dd>
                  {brandName(attempt.data.challenge.brand) ?? 'Card'} ending {attempt.data.challenge.last4}
                </dd>
              </dl>
              <p className="text-slate-700">{words.ask}</p>
              {problem && (
                <FormAlert>
                  <p>{problem}</p>
                </FormAlert>
              )}
              <div className="flex flex-wrap gap-3">
                <button
                  type="button"
                  disabled={sending}
                  onClick={() => void send(true)}
                  className="rounded-md bg-indigo-900 px-5 py-2 font-semibold text-white hover:bg-indigo-800 disabled:opacity-60"
                >
                  Approve
                </button>
                <button
                  type="button"
                  disabled={sending}
                  onClick={() => void send(false)}
                  className="rounded-md border border-slate-400 px-5 py-2 font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60"
                >
                  Fail
                </button>
              </div>
            </>
          )}
        </div>
      </div>
    </PageMain>
  );
}
