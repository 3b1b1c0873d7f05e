import { useMockSample } from '../../../data/mock-account.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { primaryButtonClass } from '../../../ui/form-parts.tsx';
import { SampleDataNote } from '../../../ui/sample-data-note.tsx';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { PostEntry } from './wanted-lists.tsx';
import { WantedPostArticle } from './wanted-post-view.tsx';

const NEEDS_ACCOUNT = 'Offering an item needs an account: sign in once Toolshed is back.';

/** The wanted board in Mock Data mode: a few sample posts, read-only. */
export function SampleWantedBoard() {
  const posts = useMockSample(['wanted'], (sample, today) => sample.mockWantedPosts(today));
  if (posts.isPending) return <StatusMessage>Loading...</StatusMessage>;
  if (posts.isError)
    return <ErrorState title="Wanted posts could not be loaded" message={errorMessage(posts.error)} onRetry={() => void posts.refetch()} />;
  return (
    <>
      <SampleDataNote>Posting a request or offering an item needs an account.</SampleDataNote>
      <ul className="flex flex-col gap-3">
        {posts.data.map((p) => (
          <PostEntry key={p.id} post={p} forOwners />
        ))}
      </ul>
    </>
  );
}

/** A sample wanted post in Mock Data mode: the post as the API gives it, its Offer button disabled. */
export function SampleWantedPost({ postId }: { postId: string }) {
  const post = useMockSample(['wanted', postId], (sample, today) => sample.mockWantedPost(postId, today));
  if (post.isPending) return <StatusMessage>Loading...</StatusMessage>;
  if (post.isError)
    return (
      <ErrorState title="The wanted post could not be loaded" message={errorMessage(post.error)} onRetry={() => void post.refetch()} />
    );
  if (!post.data) return <StatusMessage>Wanted post not found</StatusMessage>;
  return (
    <>
      <SampleDataNote>{NEEDS_ACCOUNT}</SampleDataNote>
      <WantedPostArticle post={post.data}>
        <section aria-labelledby="offer-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
          <h2 id="offer-heading" className="mb-3 text-xl font-bold text-slate-900">
            Offer one of your items
          </h2>
          <button type="button" disabled aria-describedby="sample-offer-note" className={primaryButtonClass}>
            Offer an item
          </button>
          <p id="sample-offer-note" className="mt-2 text-sm text-slate-700">
            {NEEDS_ACCOUNT}
          </p>
        </section>
      </WantedPostArticle>
    </>
  );
}
