import type { WantedPost } from '@toolshed/core/contract';
import { errorMessage } from '../../../lib/api-error.ts';
import { Link } from '../../../lib/router/index.ts';
import { linkClass } from '../../../ui/form-parts.tsx';
import { Pagination } from '../../../ui/pagination.tsx';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { useMyWanted, useOpenWanted } from '../api/wanted-api.ts';
import { awayWords, STATUS_WORDS, wantedWhereWhen } from './wanted-words.ts';

export function PostEntry({ post, forOwners }: { post: WantedPost; forOwners: boolean }) {
  const away = awayWords(post.distanceMiles);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="text-lg font-semibold break-words text-slate-900">
          <Link to={`/wanted/${post.id}`} className="hover:text-emerald-900 hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="text-slate-800">
          {wantedWhereWhen(post)}
          {away ? ` · ${away}` : ''}
        </p>
        <p className="text-sm text-slate-700">
          {forOwners ? `Asked by ${post.mine ? 'you' : post.authorName}` : STATUS_WORDS[post.status]} · {post.offerCount}{' '}
          {post.offerCount === 1 ? 'offer' : 'offers'}
        </p>
      </div>
      {forOwners && !post.mine && (
        <Link to={`/wanted/${post.id}`} className={linkClass} aria-label={`Offer an item for ${post.title}`}>
          Offer an item
        </Link>
      )}
    </li>
  );
}

/** Open posts near a place, for owners: each with "Offer an item". */
export function OpenWantedList({ near, page, onPage }: { near: string | undefined; page: number; onPage: (page: number) => void }) {
  const query = useOpenWanted({ near, page });
  if (query.isPending) return <StatusMessage>Loading...</StatusMessage>;
  if (query.isError)
    return <ErrorState title="Wanted posts could not be loaded" message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  const { posts, total, pageSize } = query.data;
  if (posts.length === 0) return <p className="text-slate-700">Nobody near here is looking for anything just now.</p>;
  return (
    <>
      <ul className="flex flex-col gap-3">
        {posts.map((p) => (
          <PostEntry key={p.id} post={p} forOwners />
        ))}
      </ul>
      {total > pageSize && <Pagination page={page} pageCount={Math.ceil(total / pageSize)} onPage={onPage} />}
    </>
  );
}

/** The member's own posts, open, closed or ended. */
export function MyWantedList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const query = useMyWanted(page);
  if (query.isPending) return <StatusMessage>Loading...</StatusMessage>;
  if (query.isError)
    return (
      <ErrorState title="Your wanted posts could not be loaded" message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
    );
  const { posts, total, pageSize } = query.data;
  if (posts.length === 0) return <p className="text-slate-700">You have not asked for anything yet.</p>;
  return (
    <>
      <ul className="flex flex-col gap-3">
        {posts.map((p) => (
          <PostEntry key={p.id} post={p} forOwners={false} />
        ))}
      </ul>
      {total > pageSize && <Pagination page={page} pageCount={Math.ceil(total / pageSize)} onPage={onPage} />}
    </>
  );
}
