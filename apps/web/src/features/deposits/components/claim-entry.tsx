import { CLAIM_KIND_LABELS, formatPence } from '@toolshed/core';
import type { Claim, DepositView } from '@toolshed/core/contract';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { primaryButtonClass } from '../../../ui/form-parts.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useClaimActions } from '../api/deposit.ts';
import { AmountForm, DisputeForm } from './claim-forms.tsx';
import { ClaimPhotos } from './claim-photos.tsx';
import { acceptConsequence, claimBadge, claimNextStep, otherSide, secondaryButtonClass, when } from './deposit-words.ts';

type Form = 'dispute' | 'lower' | 'propose' | null;
type Confirming = 'accept' | 'agree' | 'withdraw' | null;

/** One claim: its state, its timeline and photos, and what this party can do next. */
export function ClaimEntry({ claim, view, rentalId }: { claim: Claim; view: DepositView; rentalId: string }) {
  const actions = useClaimActions(rentalId);
  const toast = useToast();
  const [form, setForm] = useState<Form>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const kind = CLAIM_KIND_LABELS[claim.kind];
  const amount = formatPence(claim.amountPence);
  const busy = [actions.accept, actions.dispute, actions.withdraw, actions.lower, actions.propose, actions.agree].some((m) => m.isPending);
  // Failures of the dialogs are said inside them, the forms' own in the forms.

  function open(next: Form) {
    actions.dispute.reset();
    actions.lower.reset();
    actions.propose.reset();
    setForm(next);
  }
  function ask(next: Confirming) {
    actions.accept.reset();
    actions.agree.reset();
    actions.withdraw.reset();
    setConfirming(next);
  }

  const done = (message: string) => () => {
    setConfirming(null);
    setForm(null);
    toast.show(message);
  };
  const proposal = claim.proposal;
  const has = (action: Claim['actions'][number]) => claim.actions.includes(action);

  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <p className="font-semibold text-slate-900">
        {kind}: {amount}
        <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-sm font-medium text-slate-800">{claimBadge(claim)}</span>
      </p>
      <p className="mt-1 text-sm text-slate-800">{claimNextStep(claim, view.role)}</p>
      <ol className="mt-2 space-y-1 text-sm text-slate-800" aria-label={`Timeline of the ${kind.toLowerCase()} claim`}>
        <li>
          <span className="text-slate-600">{when(claim.createdAt)}</span> · {claim.byName} ({claim.byRole}) reported: “{claim.note}”
        </li>
        {claim.disputedAt && (
          <li>
            <span className="text-slate-600">{when(claim.disputedAt)}</span> · Disputed: “{claim.reply}”
            {claim.escalatesAt && <> Goes to Toolshed support on {when(claim.escalatesAt)} if not agreed by then.</>}
          </li>
        )}
        {claim.loweredAt && (
          <li>
            <span className="text-slate-600">{when(claim.loweredAt)}</span> · Lowered by the {claim.byRole} to {amount}.
          </li>
        )}
        {proposal && (
          <li>
            <span className="text-slate-600">{when(proposal.proposedAt)}</span> · The {proposal.byRole} proposed{' '}
            {formatPence(proposal.amountPence)}.
          </li>
        )}
        {claim.escalatedAt && (
          <li>
            <span className="text-slate-600">{when(claim.escalatedAt)}</span> · Sent to Toolshed support with the evidence; the deposit
            stays held.
          </li>
        )}
        {claim.acceptedAt && (
          <li>
            <span className="text-slate-600">{when(claim.acceptedAt)}</span> · Accepted: {amount}{' '}
            {claim.byRole === 'owner' ? 'paid to the owner from the deposit.' : 'back to the renter’s balance.'}
          </li>
        )}
        {claim.withdrawnAt && (
          <li>
            <span className="text-slate-600">{when(claim.withdrawnAt)}</span> · Withdrawn by the {claim.byRole}.
          </li>
        )}
      </ol>
      <ClaimPhotos claim={claim} rentalId={rentalId} />
      {claim.actions.length > 0 && form === null && (
        <div className="mt-3 flex flex-wrap gap-2">
          {has('agree') && proposal && (
            <button type="button" className={primaryButtonClass} disabled={busy} onClick={() => ask('agree')}>
              Agree to {formatPence(proposal.amountPence)}
            </button>
          )}
          {has('accept') && (
            <button
              type="button"
              className={has('agree') ? secondaryButtonClass : primaryButtonClass}
              disabled={busy}
              onClick={() => ask('accept')}
            >
              Accept {amount}
            </button>
          )}
          {has('dispute') && (
            <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => open('dispute')}>
              Dispute
            </button>
          )}
          {has('propose') && (
            <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => open('propose')}>
              {proposal ? 'Propose another amount' : 'Propose an amount'}
            </button>
          )}
          {has('lower') && (
            <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => open('lower')}>
              Lower the claim
            </button>
          )}
          {has('withdraw') && (
            <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => ask('withdraw')}>
              Withdraw the claim
            </button>
          )}
        </div>
      )}
      {form === 'dispute' && (
        <DisputeForm
          busy={busy}
          sending={actions.dispute.isPending}
          send={(reply) => actions.dispute.mutateAsync({ claimId: claim.id, reply }).then(done('Claim disputed'))}
          onCancel={() => setForm(null)}
        />
      )}
      {form === 'lower' && (
        <AmountForm
          claim={claim}
          label="New amount"
          hint={`Less than the ${amount} claimed; the ${otherSide(claim.byRole)} is told.`}
          submitLabel="Lower the claim"
          busy={actions.lower.isPending}
          send={(pence) =>
            actions.lower.mutateAsync({ claimId: claim.id, amountPence: pence }).then(done(`Claim lowered to ${formatPence(pence)}`))
          }
          onCancel={() => setForm(null)}
        />
      )}
      {form === 'propose' && (
        <AmountForm
          claim={claim}
          label="Amount to propose"
          hint={`Less than the ${amount} claimed; settled at it if the ${otherSide(view.role)} agrees.`}
          submitLabel="Send proposal"
          busy={actions.propose.isPending}
          send={(pence) =>
            actions.propose.mutateAsync({ claimId: claim.id, amountPence: pence }).then(done(`Proposed ${formatPence(pence)}`))
          }
          onCancel={() => setForm(null)}
        />
      )}
      {confirming === 'accept' && (
        <ConfirmDialog
          title={`Accept the ${kind.toLowerCase()} claim of ${amount}?`}
          confirmLabel="Confirm"
          busyLabel="Accepting..."
          tone="primary"
          busy={actions.accept.isPending}
          error={actions.accept.error ? errorMessage(actions.accept.error) : undefined}
          onConfirm={() => actions.accept.mutate(claim.id, { onSuccess: done(`Claim accepted: ${amount}`) })}
          onCancel={() => setConfirming(null)}
        >
          <p>{acceptConsequence(claim, view, claim.amountPence)}</p>
        </ConfirmDialog>
      )}
      {confirming === 'agree' && proposal && (
        <ConfirmDialog
          title={`Agree to ${formatPence(proposal.amountPence)} for the ${kind.toLowerCase()} claim?`}
          confirmLabel="Confirm"
          busyLabel="Agreeing..."
          tone="primary"
          busy={actions.agree.isPending}
          error={actions.agree.error ? errorMessage(actions.agree.error) : undefined}
          onConfirm={() =>
            actions.agree.mutate(
              { claimId: claim.id, amountPence: proposal.amountPence },
              { onSuccess: done(`Claim settled at ${formatPence(proposal.amountPence)}`) },
            )
          }
          onCancel={() => setConfirming(null)}
        >
          <p>
            {view.role === claim.byRole
              ? claim.byRole === 'owner'
                ? `${formatPence(proposal.amountPence)} will be paid to you from the deposit instead of ${amount}; the claim is then settled.`
                : `${formatPence(proposal.amountPence)} will come back to your Toolshed balance instead of ${amount}; the claim is then settled.`
              : acceptConsequence(claim, view, proposal.amountPence)}
          </p>
        </ConfirmDialog>
      )}
      {confirming === 'withdraw' && (
        <ConfirmDialog
          title={`Withdraw the ${kind.toLowerCase()} claim of ${amount}?`}
          confirmLabel="Withdraw the claim"
          busyLabel="Withdrawing..."
          busy={actions.withdraw.isPending}
          error={actions.withdraw.error ? errorMessage(actions.withdraw.error) : undefined}
          onConfirm={() => actions.withdraw.mutate(claim.id, { onSuccess: done('Claim withdrawn') })}
          onCancel={() => setConfirming(null)}
        >
          <p>
            {claim.byRole === 'owner' ? 'Nothing will be taken from the deposit for it' : 'Nothing will be refunded for it'}, and this
            problem cannot be reported again.
          </p>
        </ConfirmDialog>
      )}
    </li>
  );
}
