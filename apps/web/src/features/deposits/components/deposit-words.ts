import { formatPence } from '@toolshed/core';
import type { Claim, DepositView } from '@toolshed/core/contract';

export const secondaryButtonClass =
  'rounded-md border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';

/** An instant as either party reads it, in London time. */
export const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });

/** What the deposit is doing, in one sentence for this party. */
export function holdSentence(view: DepositView): string | null {
  const hold = view.hold;
  if (!hold) return null;
  const amount = formatPence(hold.amountPence);
  if (hold.state === 'held')
    return view.role === 'renter' ? `${amount} deposit held on your card, not charged.` : `${amount} deposit held on the renter's card.`;
  if (hold.state === 'released') return `${amount} deposit released${view.role === 'renter' ? ' from your card' : ''}.`;
  // Scheduled, lapsed or never held: the server says what is happening in a sentence.
  if (hold.state === 'scheduled' || hold.state === 'lapsed' || hold.state === 'cancelled') return hold.note;
  const kept = hold.capturedPence ?? 0;
  const back = hold.amountPence - kept;
  return `${formatPence(kept)} of the ${amount} deposit paid to the owner${back > 0 ? `; ${formatPence(back)} released` : ''}.`;
}

const STATE_TEXT: Record<Claim['state'], string> = {
  open: 'Waiting for an answer',
  accepted: 'Accepted',
  disputed: 'Disputed',
  escalated: 'With Toolshed support',
  withdrawn: 'Withdrawn',
};

export const otherSide = (role: 'owner' | 'renter') => (role === 'owner' ? 'renter' : 'owner');

/** The claim's state in a few words, a waiting proposal first. */
export const claimBadge = (claim: Claim): string => (claim.proposal ? 'Proposal pending' : STATE_TEXT[claim.state]);

/** What the claim is now and what either side can do next, for the party reading it. */
export function claimNextStep(claim: Claim, role: 'owner' | 'renter'): string {
  const mine = claim.byRole === role;
  const answerer = `the ${otherSide(claim.byRole)}`;
  const amount = formatPence(claim.amountPence);
  const proposal = claim.proposal;
  switch (claim.state) {
    case 'open':
      return mine
        ? `Filed: waiting for ${answerer} to accept or dispute it. Until then you can lower it or withdraw it.`
        : `${claim.byName} claims ${amount} ${claim.byRole === 'owner' ? 'from your deposit' : 'back from your earnings'}. Accept it to settle it, or dispute it.`;
    case 'disputed':
    case 'escalated': {
      const support =
        claim.state === 'escalated' ? 'Toolshed support has the evidence and will contact you both; you can still agree between you. ' : '';
      if (proposal) {
        return proposal.byRole === role
          ? `${support}Proposal pending: you proposed ${formatPence(proposal.amountPence)} instead of ${amount}; waiting for the ${otherSide(role)} to agree. You can propose another amount.`
          : `${support}Proposal pending: the ${proposal.byRole} proposed ${formatPence(proposal.amountPence)} instead of ${amount}. Agree to settle the claim at that amount, or propose another.`;
      }
      return mine
        ? `${support}Disputed by ${answerer}. You can lower it, propose an amount for them to agree to, or withdraw it.`
        : `${support}You disputed it. You can still accept ${amount}, or propose an amount for the ${claim.byRole} to agree to.`;
    }
    case 'accepted':
      return `Settled: ${amount} ${claim.byRole === 'owner' ? 'paid to the owner from the deposit' : 'back to the renter’s Toolshed balance'}. Nothing more to do.`;
    case 'withdrawn':
      return `Withdrawn by ${mine ? 'you' : claim.byName}: nothing is ${claim.byRole === 'owner' ? 'taken from the deposit' : 'refunded'} for it.`;
  }
}

/** What accepting `pence` of this claim does, said in the confirmation before it happens. */
export function acceptConsequence(claim: Claim, view: DepositView, pence: number): string {
  const amount = formatPence(pence);
  if (claim.byRole === 'renter') return `${amount} will be refunded to ${claim.byName} from your earnings for this rental.`;
  const others = view.claims.some((c) => c.id !== claim.id && c.byRole === 'owner' && UNSETTLED.has(c.state));
  const from = view.hold ? ` from your ${formatPence(view.hold.amountPence)} deposit` : ' from your deposit';
  return `${amount} will be paid to ${claim.byName}${from}; ${others ? 'the rest stays held until the other claims are settled' : 'the rest is released'}.`;
}

/** After the late fee: who may claim it and when, until a claim for the late or missing return is filed. */
export function lateFeeNextStep(view: DepositView): string {
  const filed = view.claims.find((c) => c.byRole === 'owner' && (c.kind === 'returned_late' || c.kind === 'not_returned'));
  if (filed) {
    const what = filed.kind === 'returned_late' ? 'late return' : 'missing item';
    if (filed.state === 'withdrawn') return `The owner withdrew the claim for the ${what}.`;
    return view.role === 'owner' ? `Your claim for the ${what} is below.` : `The owner’s claim for the ${what} is below.`;
  }
  if (view.role === 'renter') return 'The owner may claim it from your deposit.';
  if (view.canReport.some((k) => k.kind === 'returned_late')) return 'You may claim it from the deposit: report a late return below.';
  return 'You may claim it from the deposit once the item is back.';
}

const UNSETTLED = new Set<Claim['state']>(['open', 'disputed', 'escalated']);
