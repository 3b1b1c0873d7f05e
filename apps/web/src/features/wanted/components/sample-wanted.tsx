import { todayInLondon } from '@toolshed/core';
import type { WantedPost } from '@toolshed/core/contract';
import { useState } from 'react';
import { useMockSample } from '../../../data/mock-account.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { primaryButtonClass } from '../../../ui/form-parts.tsx';
import { SampleDataNote } from '../../../ui/sample-data-note.tsx';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { useWantedForm, WantedFields } from './wanted-form.tsx';
import { PostEntry } from './wanted-lists.tsx';
import { WantedPostArticle } from './wanted-post-view.tsx';

const NEEDS_ACCOUNT = 'Offering an item needs an account: sign in once Toolshed is back.';
const OWN_NEEDS_ACCOUNT = 'Seeing the offers and booking one needs an account: sign in once Toolshed is back.';
const ASKING_NEEDS_ACCOUNT = 'Asking your neighbours needs an account: sign in once Toolshed is back.';

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
      <WantedPostArticle post={post.data}>{post.data.mine ? <SampleOwnPostTools post={post.data} /> : <SampleOffer />}</WantedPostArticle>
    </>
  );
}

function SampleOffer() {
  return (
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
  );
}

/** A sample post of the visitor's own: its offers are counted, not shown, and it cannot be closed. */
function SampleOwnPostTools({ post }: { post: WantedPost }) {
  return (
    <section aria-labelledby="own-post-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="own-post-heading" className="mb-3 text-xl font-bold text-slate-900">
        Offers ({post.offerCount})
      </h2>
      {post.status === 'open' && (
        <button type="button" disabled aria-describedby="sample-own-note" className={primaryButtonClass}>
          Close this post
        </button>
      )}
      <p id="sample-own-note" className="mt-2 text-sm text-slate-700">
        {OWN_NEEDS_ACCOUNT}
      </p>
    </section>
  );
}

/** "My wanted posts" in Mock Data mode: sample posts of the visitor's own, read-only. */
export function SampleMyWantedList() {
  const posts = useMockSample(['my-wanted'], (sample, today) => sample.mockMyWantedPosts(today));
  if (posts.isPending) return <StatusMessage>Loading...</StatusMessage>;
  if (posts.isError)
    return (
      <ErrorState title="Your wanted posts could not be loaded" message={errorMessage(posts.error)} onRetry={() => void posts.refetch()} />
    );
  return (
    <>
      <SampleDataNote>Asking for something or closing a post needs an account.</SampleDataNote>
      <ul className="flex flex-col gap-3" aria-label="Sample wanted posts of your own">
        {posts.data.map((p) => (
          <PostEntry key={p.id} post={p} forOwners={false} />
        ))}
      </ul>
    </>
  );
}

/** "Ask your neighbours" in Mock Data mode: the form as it is, every field and the button disabled, and why. */
export function SampleWantedForm({ initialNear }: { initialNear: string }) {
  const [today] = useState(() => todayInLondon());
  const form = useWantedForm(initialNear, today);
  return (
    <>
      <SampleDataNote>{ASKING_NEEDS_ACCOUNT}</SampleDataNote>
      <form noValidate onSubmit={(e) => e.preventDefault()} className="flex flex-col gap-5" aria-label="Ask your neighbours">
        <fieldset disabled className="flex flex-col gap-5">
          <WantedFields form={form} today={today} />
        </fieldset>
        <div>
          <button type="submit" disabled aria-describedby="sample-ask-note" className={primaryButtonClass}>
            Ask your neighbours
          </button>
          <p id="sample-ask-note" className="mt-2 text-sm text-slate-700">
            {ASKING_NEEDS_ACCOUNT}
          </p>
        </div>
      </form>
    </>
  );
}
