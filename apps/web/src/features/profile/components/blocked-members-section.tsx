import { useState } from 'react';
import type { BlockedMember, BlockedMembers } from '@toolshed/core/contract';
import { errorMessage } from '../../../lib/api-error.ts';
import { useBlockedMembers, useSetBlocked } from '../../../data/safety.ts';
import { Link } from '../../../lib/router/index.ts';
import { useRestOfList } from '../../../lib/use-rest-of-list.ts';
import { linkClass } from '../../../ui/form-parts.tsx';
import { ShowMore } from '../../../ui/show-more.tsx';

const memberId = (m: BlockedMember) => m.id;

/** The members the signed-in member blocked, each with 'Unblock', a page at a time. */
export function BlockedMembersSection() {
  const blocks = useBlockedMembers(true);
  const [problem, setProblem] = useState<string | null>(null);

  return (
    <section aria-labelledby="blocked-heading" className="space-y-4 border-t border-slate-200 pt-6">
      <h2 id="blocked-heading" className="text-xl font-semibold text-slate-900">
        Blocked members
      </h2>
      {blocks.isError ? (
        <p className="text-red-800">{errorMessage(blocks.error)}</p>
      ) : blocks.isPending ? (
        <p className="text-slate-700">Loading...</p>
      ) : blocks.data.members.length === 0 ? (
        <p className="text-slate-700">You haven&apos;t blocked anyone.</p>
      ) : (
        // A new answer (someone unblocked since) starts the longer list afresh from its first page.
        <BlockedList key={blocks.dataUpdatedAt} first={blocks.data} onProblem={setProblem} />
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      )}
    </section>
  );
}

function BlockedList({ first, onProblem }: { first: BlockedMembers; onProblem: (problem: string | null) => void }) {
  const setBlocked = useSetBlocked();
  const rest = useRestOfList('/api/me/blocks', 'members', first.members, first.pageSize, memberId);
  const members = [...first.members, ...rest.entries];
  return (
    <>
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
        {members.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
            <Link to={`/owner/${encodeURIComponent(m.id)}`} className={linkClass}>
              {m.name}
            </Link>
            <button
              type="button"
              disabled={setBlocked.isPending}
              onClick={() => {
                onProblem(null);
                setBlocked.mutate({ memberId: m.id, blocked: false }, { onError: (err) => onProblem(errorMessage(err)) });
              }}
              className="rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60"
            >
              {`Unblock ${m.name}`}
            </button>
          </li>
        ))}
      </ul>
      <ShowMore shown={members.length} total={Math.max(first.total, members.length)} rest={rest} what="blocked members" />
    </>
  );
}
