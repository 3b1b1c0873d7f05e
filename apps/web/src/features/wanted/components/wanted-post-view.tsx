import { formatPence } from '@toolshed/core';
import type { WantedPost } from '@toolshed/core/contract';
import type { ReactNode } from 'react';
import { errorMessage, isNotFound } from '../../../lib/api-error.ts';
import { Link } from '../../../lib/router/index.ts';
import { useToast } from '../../../lib/toast.tsx';
import { FormAlert, FormField, FormSuccess, inputClass, linkClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { useCloseWanted, useOfferItem, useWantedPost } from '../api/wanted-api.ts';
import { WantedOffers } from './wanted-offers.tsx';
import { awayWords, STATUS_WORDS, wantedWhereWhen } from './wanted-words.ts';

const CHOOSE_MESSAGE = 'Choose one of your items';

function OfferForm({ post }: { post: WantedPost }) {
  const items = (post.yourItems ?? []).filter((i) => !i.offered);
  const offered = (post.yourItems ?? []).filter((i) => i.offered);
  const offer = useOfferItem(post.id);
  const toast = useToast();
  // The item chosen, or the first left when the chosen one has just been offered (its option is gone).
  const chosenOf = (item: string) => items.find((i) => i.itemId === item) ?? items[0];
  const form = useCheckedForm<{ item: string }>({
    defaultValues: { item: items[0]?.itemId ?? '' },
    check: ({ item }) => ({ item: chosenOf(item) ? undefined : CHOOSE_MESSAGE }),
    idPrefix: 'offer',
  });

  const onSubmit = form.submit(({ item }) => {
    const chosen = chosenOf(item)!;
    return offer.mutateAsync(chosen.itemId).then(
      () => toast.show(`Offered your ${chosen.name} to ${post.authorName}`),
      // The one field is the item: any refusal is about offering it, so it goes under it.
      (error: unknown) => form.setError('item', { type: 'server', message: errorMessage(error) }, { shouldFocus: true }),
    );
  });

  return (
    <section aria-labelledby="offer-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="offer-heading" className="mb-3 text-xl font-bold text-slate-900">
        Offer one of your items
      </h2>
      {offered.length > 0 && (
        <FormSuccess className="mb-3">
          You offered {offered.map((i) => i.name).join(', ')}. {post.authorName} can book it from here.
        </FormSuccess>
      )}
      {items.length > 0 ? (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <FormField id={form.id('item')} label="Your item" problem={form.problem('item')}>
              <select {...form.field('item')} className={inputClass}>
                {items.map((i) => {
                  const away = awayWords(i.distanceMiles);
                  return (
                    <option key={i.itemId} value={i.itemId}>
                      {i.name} · {formatPence(i.dailyRatePence)} a day{away ? ` · ${away}` : ''}
                    </option>
                  );
                })}
              </select>
            </FormField>
          </div>
          <button type="submit" disabled={offer.isPending} className={primaryButtonClass}>
            Offer this item
          </button>
        </form>
      ) : (
        offered.length === 0 && <p className="text-slate-700">You have no listed items to offer yet.</p>
      )}
      <p className="mt-3">
        <Link to="/add-item" className={linkClass}>
          List a new item for this
        </Link>
      </p>
    </section>
  );
}

function AuthorTools({ post }: { post: WantedPost }) {
  const close = useCloseWanted();
  const toast = useToast();
  if (post.status !== 'open') return null;
  return (
    <button
      type="button"
      disabled={close.isPending}
      onClick={() =>
        close.mutate(post.id, {
          onSuccess: () => toast.show('Your wanted post is closed'),
          onError: (err) => toast.show(errorMessage(err)),
        })
      }
      className="rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60"
    >
      Close this post
    </button>
  );
}

/** A post: what is asked for, where, when and up to what price; `children` is what follows it (offers, or the offer form). */
export function WantedPostArticle({ post, children }: { post: WantedPost; children: ReactNode }) {
  return (
    <article aria-labelledby="wanted-title">
      <title>{`${post.title} · Wanted · Toolshed`}</title>
      <p className="text-sm font-medium text-emerald-800">{post.mine ? 'Your wanted post' : `${post.authorName} is looking for`}</p>
      <h1 id="wanted-title" className="mt-1 text-3xl font-bold tracking-tight break-words text-slate-900">
        {post.title}
      </h1>
      <p className="mt-2 text-slate-800">{wantedWhereWhen(post)}</p>
      <p className="mt-1 text-sm text-slate-700">
        {post.categoryName ?? 'Any category'}
        {post.maxPricePence !== null ? ` · up to ${formatPence(post.maxPricePence)} a day` : ''} · {STATUS_WORDS[post.status]}
      </p>
      {post.details && <p className="mt-4 whitespace-pre-line text-slate-800">{post.details}</p>}
      {children}
    </article>
  );
}

/** /wanted/:id: the post; its author sees the offers and Book it, anyone else can offer one of their items. */
export function WantedPostView({ postId }: { postId: string }) {
  const query = useWantedPost(postId);
  if (query.isPending) return <StatusMessage>Loading...</StatusMessage>;
  if (query.isError) {
    if (isNotFound(query.error)) return <StatusMessage>Wanted post not found</StatusMessage>;
    return (
      <ErrorState title="The wanted post could not be loaded" message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
    );
  }
  const post = query.data;
  return (
    <WantedPostArticle post={post}>
      {post.mine && (
        <div className="mt-4">
          <AuthorTools post={post} />
        </div>
      )}
      {post.mine ? (
        <WantedOffers post={post} />
      ) : post.status === 'open' ? (
        <OfferForm post={post} />
      ) : (
        <FormAlert>This post takes no more offers.</FormAlert>
      )}
    </WantedPostArticle>
  );
}
