import { answerExtension } from './extensions/answer-extension.ts';
import { closeExtension } from './extensions/close-extension.ts';
import { extendRental } from './extensions/extend-rental.ts';
import { createExtensionKit, EXTENSION_CAPTURE_JOB, type ExtensionDeps } from './extensions/extension-kit.ts';
import { quoteExtension } from './extensions/quote-extension.ts';
import { reverseExtension } from './extensions/reverse-extension.ts';
import { withdrawExtension } from './extensions/withdraw-extension.ts';

export type { ExtensionDeps } from './extensions/extension-kit.ts';
export { EXTENSION_EXPIRY_JOB } from './extensions/extend-rental.ts';

/** Captures of a paid extension's authorisation tried before the extension is reversed (about two hours with the backoff). */
export const EXTENSION_CAPTURE_ATTEMPTS = 8;

/**
 * Extending a rental: the renter asks for a later end date. Instant items extend at once and the
 * difference (core extensionPrice) is paid by card or from the balance, with its posting; request
 * items wait for the owner, the card authorised and the extra days held on the rental row
 * (held_end_date) meanwhile, until the owner answers, the renter withdraws or the hold expires (core
 * pendingExtensionRefusal). The database's no-overlap constraint checks the longer range, held or
 * moved; every refusal says why and moves no money. Each use case is a file of extensions/, composed
 * here over the kit they share.
 */
export function createExtensionService(deps: ExtensionDeps) {
  const kit = createExtensionKit(deps);
  const reverse = reverseExtension(kit);
  // Capturing is idempotent: an authorisation the follow-up already captured is captured again
  // harmlessly. A capture that fails is retried with backoff; after EXTENSION_CAPTURE_ATTEMPTS the
  // extension is reversed (reverse-extension.ts). A few runs beyond the bound let the reversal itself
  // be retried if the database is away.
  deps.jobs.register<{ authorizationId: string }>(
    EXTENSION_CAPTURE_JOB,
    async ({ authorizationId }, { attempt }) => {
      try {
        await deps.payments.capture(authorizationId);
        return;
      } catch (err) {
        if (attempt < EXTENSION_CAPTURE_ATTEMPTS) throw err;
      }
      await reverse(authorizationId);
    },
    { maxAttempts: EXTENSION_CAPTURE_ATTEMPTS + 3, backoffMs: 60_000 },
  );
  const quote = quoteExtension(kit);
  return {
    quote,
    extend: extendRental(kit, quote),
    answer: answerExtension(kit),
    withdraw: withdrawExtension(kit),
    ...closeExtension(kit),
  };
}

export type ExtensionService = ReturnType<typeof createExtensionService>;
