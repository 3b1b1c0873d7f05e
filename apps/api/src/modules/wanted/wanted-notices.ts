/**
 * Who hears of a wanted post: owners near its place with a listed item in its category (or whose
 * item names share its words) are told on the job queue, in the app and by email per their
 * 'new requests' preference, at most WANTED_NOTICES_PER_DAY times a London day each; the author
 * hears of every offer, and of new listings that answer their open post (at most
 * LISTINGS_TOLD_PER_POST_PER_DAY a London day each post).
 */
import {
  dateSpan,
  distanceLabel,
  firstName,
  formatPence,
  offerNoticeTitle,
  roundedMiles,
  todayInLondon,
  WANTED_NOTICES_PER_DAY,
} from '@toolshed/core';
import type { Db, Executor } from '../../db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Notice } from '../notifications/notifier.ts';
import type { WantedRepository, WantedRow } from './wanted-repository.ts';
import { publicPlaceLabel } from './wanted-service.ts';

export const TELL_OWNERS_JOB = 'wanted.tell-owners';
export const TELL_AUTHORS_JOB = 'wanted.tell-authors';
/** A post's author hears of at most this many new listings for it a London day. */
export const LISTINGS_TOLD_PER_POST_PER_DAY = 3;

export const wantedPath = (postId: string) => `/wanted/${postId}`;

/** Enqueued in the transaction that writes the post, so it is never lost. */
export async function enqueueTellOwners(jobs: JobQueue, executor: Executor, postId: string): Promise<void> {
  await jobs.enqueue(TELL_OWNERS_JOB, { postId }, { key: `${TELL_OWNERS_JOB}:${postId}` }, executor);
}

type Notify = (executor: Executor, notice: Notice) => Promise<string | null>;

export function registerTellOwners(deps: { db: Db; jobs: JobQueue; repo: WantedRepository; notify: Notify }) {
  const { db, jobs, repo, notify } = deps;
  jobs.register<{ postId: string }>(TELL_OWNERS_JOB, async ({ postId }, { now }) => {
    await db.transaction(async (tx) => {
      const post = await repo.find(postId, null, tx);
      if (!post || post.closed) return;
      const place = publicPlaceLabel(post.placeLabel);
      for (const owner of await repo.ownersToTell(tx, postId, now, WANTED_NOTICES_PER_DAY)) {
        const away = distanceLabel(roundedMiles(Number(owner.distanceMetres))).replace(/ away$/, '');
        await notify(tx, {
          userId: owner.ownerId,
          kind: 'wanted.nearby',
          title: `${firstName(post.authorName)} near ${place} wants: ${post.title}`,
          body: `${firstName(post.authorName)} is looking for "${post.title}" for ${dateSpan(post.startDate, post.endDate)}, near ${place}. Your ${owner.itemName} is ${away} away: offer it, or list something that fits.`,
          link: wantedPath(postId),
          tab: 'items',
          groupKey: `wanted:${postId}`,
          eventKey: `wanted-nearby:${postId}`,
        });
      }
    });
  });
}

/** Enqueued in the transaction that lists an item (new, or listed again), so it is never lost. */
export async function enqueueTellAuthors(jobs: JobQueue, executor: Executor, itemId: string, at: Date): Promise<void> {
  await jobs.enqueue(TELL_AUTHORS_JOB, { itemId }, { key: `${TELL_AUTHORS_JOB}:${itemId}:${at.getTime()}` }, executor);
}

/** The authors of open posts a new listing answers are told of it: "New near Headingley for your wanted post". */
export function registerTellAuthors(deps: { db: Db; jobs: JobQueue; repo: WantedRepository; notify: Notify }) {
  const { db, jobs, repo, notify } = deps;
  jobs.register<{ itemId: string }>(TELL_AUTHORS_JOB, async ({ itemId }, { now }) => {
    await db.transaction(async (tx) => {
      for (const hit of await repo.authorsToTell(tx, itemId, todayInLondon(now), now, LISTINGS_TOLD_PER_POST_PER_DAY)) {
        const away = distanceLabel(roundedMiles(Number(hit.distanceMetres))).replace(/ away$/, '');
        const place = publicPlaceLabel(hit.placeLabel);
        await notify(tx, {
          userId: hit.authorId,
          kind: 'wanted.listed',
          title: `Just listed for your wanted post "${hit.postTitle}": ${hit.itemName}`,
          body: `${firstName(hit.ownerName)} listed ${hit.itemName}, ${formatPence(hit.dailyRatePence)} a day, ${away} from ${place}. Have a look and book it, or wait for offers.`,
          link: `/category/${hit.categoryId}/item/${itemId}`,
          tab: 'items',
          groupKey: `wanted:${hit.postId}`,
          itemId,
          eventKey: `wanted-listed:${hit.postId}:${itemId}`,
        });
      }
    });
  });
}

/** The author's notice of an offer: "Olive offered their Step ladder for your wanted post 'Ladder for the weekend'". */
export function offerNotice(offer: { offerId: string; post: WantedRow; ownerName: string; itemName: string }): Notice {
  const title = offerNoticeTitle(firstName(offer.ownerName), offer.itemName, offer.post.title);
  return {
    userId: offer.post.userId,
    kind: 'wanted.offer',
    title,
    body: `${title}. See the offer and book it for ${dateSpan(offer.post.startDate, offer.post.endDate)}.`,
    link: wantedPath(offer.post.id),
    tab: 'rentals',
    groupKey: `wanted:${offer.post.id}`,
    eventKey: `wanted-offer:${offer.offerId}`,
  };
}
