import { formatDate, formatPence } from '@toolshed/core';
import type { OpsClaim } from '@toolshed/core/contract';
import { StatusMessage } from '../../../ui/status-views.tsx';
import { useOpsClaims } from '../api/ops-api.ts';
import { ReasonForm } from './reason-form.tsx';

/** One side's evidence: their photos, handover note and messages. */
function Side({ claim, side }: { claim: OpsClaim; side: 'owner' | 'renter' }) {
  const person = claim[side];
  const photos = claim.photos.filter((p) => p.by === side);
  const notes = claim.handoverNotes.filter((n) => (side === 'owner' ? n.side === 'pickup' : n.side === 'return'));
  const said = claim.messages.filter((m) => m.by === side);
  return (
    <section aria-label={`The ${side}'s side of the ${claim.itemName} claim`} className="rounded-md bg-slate-50 p-3">
      <h4 className="font-semibold text-slate-900">
        {side === 'owner' ? 'Owner' : 'Renter'}: {person.name}
      </h4>
      <p className="mt-1 text-sm">{claim.byRole === side ? `Claim: “${claim.note}”` : `Reply: “${claim.reply ?? ''}”`}</p>
      {photos.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2">
          {photos.map((p) => (
            <li key={p.url}>
              <a href={p.url} target="_blank" rel="noreferrer">
                <img
                  src={p.url}
                  alt={`${p.what === 'claim' ? 'Claim evidence' : `At ${p.what}`} by the ${side}, taken ${new Date(p.takenAt).toLocaleString('en-GB', { timeZone: 'Europe/London' })}`}
                  className="h-20 w-20 rounded object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {notes.map((n) => (
        <p key={n.side} className="mt-2 text-sm">
          Handover note ({n.side === 'pickup' ? 'pick-up' : 'return'}): {n.note}
        </p>
      ))}
      {said.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {said.map((m) => (
            <li key={m.sentAt}>
              <span className="text-slate-600">{new Date(m.sentAt).toLocaleString('en-GB', { timeZone: 'Europe/London' })}:</span> {m.body}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Ruling({ claim }: { claim: OpsClaim }) {
  return (
    <ReasonForm
      actions={[{ label: 'Rule', path: `/api/ops/claims/${encodeURIComponent(claim.id)}/ruling` }]}
      amount={{ label: `Amount for the ${claim.byRole} (£)`, maxPence: claim.maxRulingPence }}
    />
  );
}

/** Claims sent to support, the two sides' evidence side by side, and the ruling. */
export function ClaimsDesk() {
  const claims = useOpsClaims(true);
  if (claims.isPending) return <StatusMessage>Loading claims…</StatusMessage>;
  if (claims.error) return <StatusMessage>{claims.error.message}</StatusMessage>;
  if (claims.data.claims.length === 0) return <p className="text-slate-700">No claims waiting for a ruling.</p>;
  return (
    <ul className="space-y-4">
      {claims.data.claims.map((c) => (
        <li key={c.id} className="rounded-lg border border-slate-300 bg-white p-4">
          <h3 className="font-semibold text-slate-900">
            {c.itemName}: {c.byRole}’s claim of {formatPence(c.amountPence)}
          </h3>
          <p className="text-sm text-slate-700">
            {formatDate(c.startDate)} to {formatDate(c.endDate)} · deposit held {formatPence(c.depositPence)}
          </p>
          <div className="mt-3 grid gap-3 md:grid-cols-2">
            <Side claim={c} side="owner" />
            <Side claim={c} side="renter" />
          </div>
          <Ruling claim={c} />
        </li>
      ))}
    </ul>
  );
}
