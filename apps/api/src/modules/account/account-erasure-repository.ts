import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { WITHDRAWN_REQUEST_REASON } from '@toolshed/core';
import type { Db } from '../../db/database.ts';
import {
  accounts,
  calendarSources,
  claimPhotos,
  handoverPhotos,
  itemImages,
  items,
  jobs,
  messages,
  notificationPreferences,
  notifications,
  phoneVerifications,
  rentalClaims,
  rentals,
  reviews,
  sessions,
  signInFailures,
  supportRequests,
  users,
  verifications,
  wheelbarrowLines,
  savedItems,
  dateWatches,
  memberBlocks,
  reports,
} from '../../db/schema.ts';
import { addressCacheKey } from '../../platform/geocoding/http-geocoder.ts';
import { RESET_EMAIL_JOB } from '../auth/auth.ts';
import { DELETED_ITEM_NAME, DELETED_USER_NAME, REMOVED_MESSAGE, REMOVED_TEXT } from './deleted-member-text.ts';

// The steps of 'Delete my account' (account-deletion-repository.ts runs them in one transaction, in this order).

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A photo's stored files. */
interface StoredFile {
  largeKey: string;
  thumbKey: string;
}

export interface OwnItem {
  id: string;
  name: string;
  address: string | null;
  city: string | null;
  postcode: string | null;
}

/**
 * Work still queued or kept for 90 days holds copies too: the reasons the member gave in the
 * events that tell the other party, and a password-reset email (address, name and link).
 */
export async function scrubJobs(tx: Tx, userId: string, email: string) {
  await tx.execute(sql`
    update jobs set payload = payload - 'reason', updated_at = now()
    where name like 'event:rental.cancelled:%' and payload->>'reason' is not null
      and ((payload->>'by' = 'owner' and payload->>'ownerId' = ${userId}) or (payload->>'by' = 'renter' and payload->>'renterId' = ${userId}))`);
  await tx.execute(sql`
    update jobs set payload = jsonb_set(payload, '{reason}', to_jsonb(${REMOVED_TEXT}::text)), updated_at = now()
    where name like 'event:rental.extension_declined:%' and payload->>'ownerId' = ${userId}`);
  await tx.delete(jobs).where(and(eq(jobs.name, RESET_EMAIL_JOB), sql`lower(${jobs.payload}->>'to') = lower(${email})`));
}

/** Their words in others' records; answers the photos removed, whose files go after the commit. */
export async function eraseTheirWords(tx: Tx, userId: string): Promise<StoredFile[]> {
  const partyRentals = tx
    .select({ id: rentals.id })
    .from(rentals)
    .where(or(eq(rentals.renterId, userId), eq(rentals.ownerId, userId)));
  // Messages, reviews, handover notes, claims, cancellation reasons.
  await tx.update(messages).set({ body: REMOVED_MESSAGE }).where(eq(messages.senderId, userId));
  await tx.update(reviews).set({ comment: '' }).where(eq(reviews.reviewerId, userId));
  await tx.execute(sql`
    delete from handover_notes n using rentals r
    where r.id = n.rental_id and ((n.side = 'pickup' and r.owner_id = ${userId}) or (n.side = 'return' and r.renter_id = ${userId}))`);
  const handover = await tx
    .delete(handoverPhotos)
    .where(and(inArray(handoverPhotos.rentalId, partyRentals), eq(handoverPhotos.addedBy, userId)))
    .returning({ largeKey: handoverPhotos.largeKey, thumbKey: handoverPhotos.thumbKey });
  const partyClaims = tx.select({ id: rentalClaims.id }).from(rentalClaims).where(inArray(rentalClaims.rentalId, partyRentals));
  const claimFiles = await tx
    .delete(claimPhotos)
    .where(and(inArray(claimPhotos.claimId, partyClaims), eq(claimPhotos.addedBy, userId)))
    .returning({ largeKey: claimPhotos.largeKey, thumbKey: claimPhotos.thumbKey });
  await tx
    .update(rentalClaims)
    .set({ note: REMOVED_TEXT })
    .where(and(inArray(rentalClaims.rentalId, partyRentals), eq(rentalClaims.byUserId, userId)));
  await tx
    .update(rentalClaims)
    .set({ reply: REMOVED_TEXT })
    .where(and(inArray(rentalClaims.rentalId, partyRentals), ne(rentalClaims.byUserId, userId), sql`${rentalClaims.reply} is not null`));
  await tx
    .update(rentals)
    .set({ cancelReason: REMOVED_TEXT })
    .where(
      or(
        and(eq(rentals.ownerId, userId), eq(rentals.cancelledBy, 'owner'), sql`${rentals.cancelReason} is not null`),
        and(
          eq(rentals.renterId, userId),
          eq(rentals.cancelledBy, 'renter'),
          sql`${rentals.cancelReason} is not null`,
          ne(rentals.cancelReason, WITHDRAWN_REQUEST_REASON),
        ),
      ),
    );
  return [...handover, ...claimFiles];
}

/**
 * Their items: soft-deleted (rentals point at them) under a neutral name, without their text,
 * address or photos; the words only they used leave the search vocabulary (its trigger, migration 0056).
 * Answers the photos removed.
 */
export async function eraseTheirItems(tx: Tx, userId: string, ownItems: readonly OwnItem[]): Promise<StoredFile[]> {
  const ownItemIds = tx.select({ id: items.id }).from(items).where(eq(items.ownerId, userId));
  const images = await tx
    .delete(itemImages)
    .where(inArray(itemImages.itemId, ownItemIds))
    .returning({ largeKey: itemImages.largeKey, thumbKey: itemImages.thumbKey });
  await tx
    .update(items)
    .set({
      deletedAt: sql`coalesce(${items.deletedAt}, now())`,
      available: false,
      name: DELETED_ITEM_NAME,
      description: '',
      address: null,
      city: null,
      postcode: null,
      latitude: null,
      longitude: null,
      updatedAt: sql`now()`,
    })
    .where(eq(items.ownerId, userId));
  const geocoded = ownItems.flatMap((i) =>
    i.address !== null && i.city !== null && i.postcode !== null
      ? [addressCacheKey({ address: i.address, city: i.city, postcode: i.postcode })]
      : [],
  );
  if (geocoded.length > 0) {
    await tx.execute(sql`delete from geocode_cache where query in (select jsonb_array_elements_text(${JSON.stringify(geocoded)}::jsonb))`);
  }
  return images;
}

/** What is only theirs: sign-in, notices, requests, calendars, lists, money details, posts, searches, blocks and reports. */
export async function eraseWhatIsOnlyTheirs(tx: Tx, userId: string, email: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(accounts).where(eq(accounts.userId, userId));
  await tx.delete(verifications).where(or(eq(verifications.value, userId), eq(verifications.identifier, email)));
  await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(supportRequests).where(or(eq(supportRequests.userId, userId), sql`lower(${supportRequests.email}) = lower(${email})`));
  await tx.delete(signInFailures).where(eq(signInFailures.account, email.trim().toLowerCase()));
  // The owner's other calendars, and by cascade the days they blocked (which leave the items'
  // booked days with them); a fetch already queued finds no source and ends its chain.
  await tx.delete(calendarSources).where(eq(calendarSources.ownerId, userId));
  await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  await tx.delete(wheelbarrowLines).where(eq(wheelbarrowLines.userId, userId));
  await tx.delete(savedItems).where(eq(savedItems.userId, userId));
  await tx.delete(dateWatches).where(eq(dateWatches.userId, userId));
  // The bank account goes (its provider token with it); the withdrawals stay as money records
  // without the name on the account.
  await tx.execute(sql`delete from bank_accounts where user_id = ${userId}`);
  await tx.execute(sql`update withdrawals set account_name = '' where user_id = ${userId} and method = 'bank'`);
  // Wanted posts: theirs go with the notices that quoted them to owners (and the offers on them,
  // by cascade); their offers on others' posts go with the authors' notices that named them.
  await tx.execute(sql`delete from notifications where group_key in (select 'wanted:' || id from wanted_posts where user_id = ${userId})`);
  await tx.execute(
    sql`delete from notifications where event_key in (select 'wanted-offer:' || id from wanted_offers where owner_id = ${userId})`,
  );
  await tx.execute(sql`delete from wanted_offers where owner_id = ${userId}`);
  await tx.execute(sql`delete from wanted_posts where user_id = ${userId}`);
  // Saved searches, their matches and their unsubscribe links (the user row stays, anonymised, so no cascade).
  await tx.execute(sql`delete from saved_searches where user_id = ${userId}`);
  // Blocks either way go; reports stay for the operator's desk without the member's words:
  // the words they added to reports, and what was reported of their listings, messages and profile.
  await tx.delete(memberBlocks).where(or(eq(memberBlocks.blockerId, userId), eq(memberBlocks.blockedId, userId)));
  await tx.update(reports).set({ details: null }).where(eq(reports.reporterId, userId));
  await tx
    .update(reports)
    .set({ snapshot: { removed: 'The account was deleted.' } })
    .where(eq(reports.subjectMemberId, userId));
}

/** The users row stays, anonymised, for what others' rentals, reviews, messages and the ledger point at. */
export async function anonymiseMember(tx: Tx, userId: string, deletedEmail: string): Promise<void> {
  await tx
    .update(users)
    .set({
      name: DELETED_USER_NAME,
      email: deletedEmail,
      emailVerified: false,
      picture: null,
      pictureKey: null,
      phoneNumber: null,
      phoneCountryCode: null,
      phoneVerified: false,
      addressLine: null,
      addressCity: null,
      addressPostcode: null,
      vacationUntil: null,
      calendarTokenHash: null,
      deletedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}
