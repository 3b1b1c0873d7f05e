import { useQueryClient } from '@tanstack/react-query';
import type { CardInput } from '@toolshed/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from '../../lib/router/index.ts';
import { wheelbarrowCheckRoot, type LineDates } from '../../data/check-wheelbarrow.ts';
import { placeOrder } from './api/place-order.ts';
import { loadUnfinished, nextAttempt, outcomeUnknown, saveUnfinished, type PaymentAttempt } from './payment-attempt.ts';
import { describeFailure, type PaymentFailure } from './payment-failure.ts';

/** The spec's pause on 'Payment confirmed' before the success page. */
export const CONFIRMED_MS = 2_000;

export type PaymentPhase =
  { kind: 'pending' } | { kind: 'processing' } | { kind: 'confirmed'; orderId: string } | { kind: 'failed'; failure: PaymentFailure };

/** pending -> processing -> confirmed (then the success page), or back to a usable form on failure. */
export function useCardPayment(lines: LineDates[]) {
  const [phase, setPhase] = useState<PaymentPhase>({ kind: 'pending' });
  // An attempt whose outcome is unknown is retried with its key, even after a reload.
  const unfinished = useRef<PaymentAttempt | null>(loadUnfinished());
  // Set before any re-render, so a second click in the same moment cannot send a second request.
  const busy = useRef(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const orderId = phase.kind === 'confirmed' ? phase.orderId : null;
  useEffect(() => {
    if (!orderId) return;
    const timer = setTimeout(() => void navigate(`/payment-success?order=${encodeURIComponent(orderId)}`), CONFIRMED_MS);
    return () => clearTimeout(timer);
  }, [orderId, navigate]);

  const pay = useCallback(
    async (card: CardInput, useBalance = true) => {
      if (busy.current) return;
      busy.current = true;
      const attempt = nextAttempt(unfinished.current, lines);
      unfinished.current = attempt;
      saveUnfinished(attempt);
      setPhase({ kind: 'processing' });
      try {
        const result = await placeOrder({ lines, card, idempotencyKey: attempt.key, useBalance });
        if ('nextAction' in result) {
          // The bank's check first. The key is kept: coming back and paying again answers the same check.
          void navigate(result.nextAction.url);
          return;
        }
        unfinished.current = null;
        saveUnfinished(null);
        void queryClient.invalidateQueries({ queryKey: ['rentals'] });
        void queryClient.invalidateQueries({ queryKey: ['balance'] });
        setPhase({ kind: 'confirmed', orderId: result.orderId });
      } catch (error) {
        if (!outcomeUnknown(error)) {
          unfinished.current = null;
          saveUnfinished(null);
        }
        // Checkout must ask again about lines the server refused; this page keeps its message.
        void queryClient.invalidateQueries({ queryKey: [wheelbarrowCheckRoot], refetchType: 'none' });
        // A balance spent meanwhile (another tab) is shown as it is now.
        void queryClient.invalidateQueries({ queryKey: ['balance'] });
        setPhase({ kind: 'failed', failure: describeFailure(error) });
        busy.current = false;
      }
    },
    [lines, queryClient, navigate],
  );

  return { phase, pay };
}
