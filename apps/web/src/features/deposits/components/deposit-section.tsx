import { CLAIM_KIND_LABELS, CLAIM_NOTE_MAX, CLAIM_PHOTO_MESSAGES, formatPence, readPounds, type ClaimKind } from '@toolshed/core';
import { MAX_IMAGE_BYTES, type Claim, type DepositView, type RentalView } from '@toolshed/core/contract';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { readImageKind } from '../../../lib/read-image-kind.ts';
import { ApiError, errorMessage, fieldMessage, isNotFound } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { FormAlert, FormField, fieldA11y, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { StatusMessage } from '../../../ui/status-views.tsx';
import { useAddClaimPhotos, useClaimActions, useDeposit } from '../api/deposit.ts';
import { DepositCardForm } from './deposit-card-form.tsx';

const secondaryButtonClass =
  'rounded-md border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';

const when = (iso: string) =>
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

const otherSide = (role: 'owner' | 'renter') => (role === 'owner' ? 'renter' : 'owner');

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

/** The claim's photos, each from the side that added it, and a way to add more from the camera. */
function ClaimPhotos({ claim, rentalId }: { claim: Claim; rentalId: string }) {
  const add = useAddClaimPhotos(rentalId);
  const inputId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const label = CLAIM_KIND_LABELS[claim.kind];

  async function chosen(e: ChangeEvent<HTMLInputElement>) {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    const ok: File[] = [];
    const found: string[] = [];
    for (const file of files) {
      if (!(await readImageKind(file))) found.push(`${file.name}: ${CLAIM_PHOTO_MESSAGES.notImage}`);
      else if (file.size > MAX_IMAGE_BYTES) found.push(`${file.name}: Each photo must be 5 MB or smaller.`);
      else ok.push(file);
    }
    setProblems(found);
    if (ok.length > 0) add.mutate({ claimId: claim.id, files: ok });
  }

  return (
    <div className="mt-3 space-y-2">
      {claim.photos.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label={`Photos of the ${label.toLowerCase()} claim`}>
          {claim.photos.map((photo, i) => (
            <li key={photo.id}>
              <a href={photo.url} target="_blank" rel="noreferrer" className="block">
                <img
                  src={photo.thumbUrl}
                  alt={`${label} claim, evidence ${i + 1} of ${claim.photos.length}, by the ${photo.addedBy}`}
                  loading="lazy"
                  className="aspect-[4/3] w-full rounded-md border border-slate-200 object-cover"
                />
              </a>
              <span className="text-xs text-slate-700">{when(photo.takenAt)}</span>
            </li>
          ))}
        </ul>
      )}
      {claim.canAddPhotos && (
        <div>
          {/* The input stays in the tab order (visually hidden); its label is the button people see, ringed while the input has focus. */}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            className="peer sr-only"
            disabled={add.isPending}
            onChange={(e) => void chosen(e)}
          />
          <label
            htmlFor={inputId}
            className="inline-block cursor-pointer rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 peer-focus-visible:ring-2 peer-focus-visible:ring-emerald-700 hover:bg-slate-100"
          >
            {add.isPending ? 'Uploading photos...' : 'Add photos to this claim'}
          </label>
        </div>
      )}
      {(problems.length > 0 || add.isError) && (
        <FormAlert>
          {[...problems, ...(add.isError ? [errorMessage(add.error)] : [])].map((p) => (
            <span key={p} className="block">
              {p}
            </span>
          ))}
        </FormAlert>
      )}
    </div>
  );
}

/** A new amount for a claim, below what it is now: the claimant's lower one, or a proposal. */
function AmountForm({
  claim,
  label,
  hint,
  submitLabel,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  claim: Claim;
  label: string;
  hint: string;
  submitLabel: string;
  busy: boolean;
  error: Error | null;
  onSubmit(pence: number): void;
  onCancel(): void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string>();

  function submit(e: FormEvent) {
    e.preventDefault();
    const read = readPounds(typed);
    if (read.kind !== 'pence' || read.pence < 1) return setProblem('Please enter an amount of at least £0.01');
    if (read.pence >= claim.amountPence) return setProblem(`Less than ${formatPence(claim.amountPence)}, please`);
    setProblem(undefined);
    onSubmit(read.pence);
  }

  const serverField = error instanceof ApiError && error.field === 'amountPence' ? fieldMessage(error) : undefined;
  const shown = problem ?? serverField;
  return (
    <form className="mt-3 space-y-2" onSubmit={submit} noValidate aria-label={label}>
      <FormField id={id} label={`${label} (£)`} problem={shown} hint={hint}>
        <input
          id={id}
          className={inputClass}
          inputMode="decimal"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          {...fieldA11y(id, shown, true)}
        />
      </FormField>
      {error && !serverField && <FormAlert>{errorMessage(error)}</FormAlert>}
      <div className="flex gap-2">
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Sending...' : submitLabel}
        </button>
        <button type="button" className={secondaryButtonClass} disabled={busy} onClick={onCancel}>
          Back
        </button>
      </div>
    </form>
  );
}

type Form = 'dispute' | 'lower' | 'propose' | null;
type Confirming = 'accept' | 'agree' | 'withdraw' | null;

function ClaimEntry({ claim, view, rentalId }: { claim: Claim; view: DepositView; rentalId: string }) {
  const actions = useClaimActions(rentalId);
  const toast = useToast();
  const replyId = useId();
  const [form, setForm] = useState<Form>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [reply, setReply] = useState('');
  const [missing, setMissing] = useState(false);
  const kind = CLAIM_KIND_LABELS[claim.kind];
  const amount = formatPence(claim.amountPence);
  const busy = [actions.accept, actions.dispute, actions.withdraw, actions.lower, actions.propose, actions.agree].some((m) => m.isPending);
  // Failures of the dialogs are said inside them; the forms' own below.
  const failure = form === 'dispute' ? actions.dispute.error : null;

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

  function sendDispute(e: FormEvent) {
    e.preventDefault();
    if (!reply.trim()) {
      setMissing(true);
      return;
    }
    actions.dispute.mutate(
      { claimId: claim.id, reply: reply.trim() },
      {
        onSuccess: () => {
          setForm(null);
          setReply('');
          toast.show('Claim disputed');
        },
      },
    );
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
        <form className="mt-3 space-y-2" onSubmit={sendDispute} noValidate>
          <FormField
            id={replyId}
            label="Why you disagree (the other party and, after 7 days, Toolshed support will read it)"
            problem={missing && !reply.trim() ? 'Please describe why you disagree' : undefined}
          >
            <textarea
              id={replyId}
              className={inputClass}
              rows={3}
              maxLength={CLAIM_NOTE_MAX}
              value={reply}
              onChange={(e) => setReply(e.target.value)}
              {...fieldA11y(replyId, missing && !reply.trim() ? 'missing' : undefined)}
            />
          </FormField>
          <div className="flex gap-2">
            <button type="submit" className={primaryButtonClass} disabled={busy}>
              {actions.dispute.isPending ? 'Sending...' : 'Send dispute'}
            </button>
            <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => setForm(null)}>
              Back
            </button>
          </div>
        </form>
      )}
      {form === 'lower' && (
        <AmountForm
          claim={claim}
          label="New amount"
          hint={`Less than the ${amount} claimed; the ${otherSide(claim.byRole)} is told.`}
          submitLabel="Lower the claim"
          busy={actions.lower.isPending}
          error={actions.lower.error}
          onSubmit={(pence) =>
            actions.lower.mutate({ claimId: claim.id, amountPence: pence }, { onSuccess: done(`Claim lowered to ${formatPence(pence)}`) })
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
          error={actions.propose.error}
          onSubmit={(pence) =>
            actions.propose.mutate({ claimId: claim.id, amountPence: pence }, { onSuccess: done(`Proposed ${formatPence(pence)}`) })
          }
          onCancel={() => setForm(null)}
        />
      )}
      {failure && (
        <div className="mt-3">
          <FormAlert>{errorMessage(failure)}</FormAlert>
        </div>
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

function ReportForm({ view, rentalId }: { view: DepositView; rentalId: string }) {
  const { report } = useClaimActions(rentalId);
  const toast = useToast();
  const ids = { kind: useId(), amount: useId(), note: useId() };
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<ClaimKind>(view.canReport[0]!.kind);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<{ amount?: string; note?: string }>({});
  const max = view.canReport.find((k) => k.kind === kind)?.maxPence ?? 0;

  function submit(e: FormEvent) {
    e.preventDefault();
    const typed = readPounds(amount);
    const found: typeof problems = {};
    if (typed.kind !== 'pence' || typed.pence < 1) found.amount = 'Please enter an amount of at least £0.01';
    else if (typed.pence > max) found.amount = `At most ${formatPence(max)}`;
    if (!note.trim()) found.note = 'Please describe the problem';
    setProblems(found);
    if (Object.keys(found).length > 0 || typed.kind !== 'pence') return;
    report.mutate(
      { kind, amountPence: typed.pence, note: note.trim() },
      {
        onSuccess: () => {
          setOpen(false);
          setAmount('');
          setNote('');
          toast.show('Problem reported');
        },
      },
    );
  }

  if (!open) {
    return (
      <button type="button" className={secondaryButtonClass} onClick={() => setOpen(true)}>
        Report a problem
      </button>
    );
  }
  const serverField = report.error instanceof ApiError && report.error.field === 'amountPence' ? fieldMessage(report.error) : undefined;
  const amountProblem = problems.amount ?? serverField;
  return (
    <form className="space-y-3 rounded-lg border border-slate-200 p-4" onSubmit={submit} noValidate aria-label="Report a problem">
      <FormField id={ids.kind} label="What went wrong" problem={undefined}>
        <select id={ids.kind} className={inputClass} value={kind} onChange={(e) => setKind(e.target.value as ClaimKind)}>
          {view.canReport.map((k) => (
            <option key={k.kind} value={k.kind}>
              {CLAIM_KIND_LABELS[k.kind]} (up to {formatPence(k.maxPence)})
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        id={ids.amount}
        label="Amount (£)"
        problem={amountProblem}
        hint={`Up to ${formatPence(max)}${view.role === 'owner' ? ', taken from the deposit if the renter accepts' : ', back to your balance if the owner accepts'}`}
      >
        <input
          id={ids.amount}
          className={inputClass}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          {...fieldA11y(ids.amount, amountProblem, true)}
        />
      </FormField>
      <FormField id={ids.note} label="What happened" problem={problems.note}>
        <textarea
          id={ids.note}
          className={inputClass}
          rows={3}
          maxLength={CLAIM_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          {...fieldA11y(ids.note, problems.note)}
        />
      </FormField>
      <p className="text-sm text-slate-700">The handover photos above are part of the evidence. The other party can accept or dispute.</p>
      {report.error && !serverField && <FormAlert>{errorMessage(report.error)}</FormAlert>}
      <div className="flex gap-2">
        <button type="submit" className={primaryButtonClass} disabled={report.isPending}>
          {report.isPending ? 'Sending...' : 'Send report'}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The rental page's deposit, late fee and claims section, for either party. */
export function DepositSection({ rental }: { rental: Pick<RentalView, 'id' | 'role'> }) {
  const deposit = useDeposit(rental.id);
  const headingId = useId();
  if (deposit.isPending) return <StatusMessage>Loading deposit...</StatusMessage>;
  // Not found: the rental itself says so above.
  if (deposit.isError) return isNotFound(deposit.error) ? null : <FormAlert>{errorMessage(deposit.error)}</FormAlert>;
  const view = deposit.data;
  const sentence = holdSentence(view);
  if (!sentence && view.claims.length === 0 && view.canReport.length === 0 && view.lateFeePence === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        Deposit and problems
      </h2>
      {sentence && <p className="text-slate-800">{sentence}</p>}
      {view.role === 'renter' && view.hold?.state === 'scheduled' && view.hold.cardNeededBy && (
        <DepositCardForm rentalId={rental.id} hold={view.hold} />
      )}
      {view.lateFeePence > 0 && (
        <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {view.lateDays} {view.lateDays === 1 ? 'day' : 'days'} late: a late fee of {formatPence(view.lateFeePence)} so far (the daily rate
          per late day). {lateFeeNextStep(view)}
        </p>
      )}
      {view.claimWindowClosesAt && view.canReport.length > 0 && (
        <p className="text-sm text-slate-700">Problems can be reported until {when(view.claimWindowClosesAt)}.</p>
      )}
      {view.claims.length > 0 && (
        <ul className="space-y-3" aria-label="Claims">
          {view.claims.map((c) => (
            <ClaimEntry key={c.id} claim={c} view={view} rentalId={rental.id} />
          ))}
        </ul>
      )}
      {view.canReport.length > 0 && <ReportForm key={view.canReport.map((k) => k.kind).join()} view={view} rentalId={rental.id} />}
    </section>
  );
}
