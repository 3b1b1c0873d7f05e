import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { WITHDRAWN_REQUEST_REASON } from '@toolshed/core';
import { queryRows, type Db, type Executor } from '../../db/database.ts';
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
import {
  DELETED_ITEM_NAME,
  DELETED_USER_NAME,
  REMOVED_MESSAGE,
  REMOVED_TEXT,
  scrubNotice,
  type MemberWordsInNotice,
} from './deleted-member-text.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A rental the member is party to, as their words on it are found. */
interface MemberRental {
  owned: boolean;
  itemId: string;
  paymentId: string | null;
  /** The reason on the rental when it is the member's own words (not one Toolshed wrote). */
  theirReason: string | null;
}

interface MemberClaim {
  id: string;
  rentalId: string;
  kind: string;
  /** The member reported it (its note is theirs); otherwise a reply on it is theirs. */
  theirs: boolean;
  note: string;
  reply: string | null;
}

interface NoticeRow {
  id: string;
  event_key: string | null;
  item_id: string | null;
  title: string;
  body: string;
  /** The notice tells of a message the member sent. */
  their_message: boolean;
}

const chunks = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/**
 * 'Delete my account' in one transaction: every place the member's own words and files live is
 * erased or replaced (decision 015), and the anonymised users row stays for what others' rentals,
 * reviews, messages and the ledger point at. The other party keeps their records (dates, amounts,
 * ratings, their own words) with 'Deleted user' and 'Deleted item' where the member's name and item
 * names stood. The files go after the commit: the caller is handed their storage keys inside the
 * transaction, to queue their removal with it.
 */
export function createAccountDeletionRepository(db: Db) {
  /** The other people's notices about the member, rewritten without the member's name, item names and words. */
  async function scrubOthersNotices(tx: Tx, userId: string, memberName: string, itemNames: ReadonlyMap<string, string>) {
    // Only the inboxes of people the member dealt with (rentals either way, conversations) can hold
    // a notice about them: read through each one's index on user_id, not the whole table.
    const notices = await queryRows<NoticeRow>(
      tx as Db,
      sql`
      with my_rentals as (select id, owner_id, renter_id, payment_id from rentals where renter_id = ${userId} or owner_id = ${userId}),
           my_threads as (
             select id, case when owner_id = ${userId} then renter_id else owner_id end as other_id
             from message_threads where owner_id = ${userId} or renter_id = ${userId}),
           my_message_keys as (
             select 'message.received:' || m.id as key from messages m
             where m.thread_id in (select id from my_threads) and m.sender_id = ${userId}),
           others as (
             select case when renter_id = ${userId} then owner_id else renter_id end as id from my_rentals
             union select other_id from my_threads)
      select n.id, n.event_key, n.item_id, n.title, n.body,
             coalesce(n.event_key in (select key from my_message_keys), false) as their_message
      from notifications n
      where n.user_id in (select id from others)
        and (n.rental_id in (select id from my_rentals)
             or n.item_id in (select id from items where owner_id = ${userId})
             or n.event_key in (select key from my_message_keys)
             or n.event_key in (select 'order.paid:' || payment_id from my_rentals where owner_id = ${userId} and payment_id is not null))
      order by n.id`,
    );
    if (notices.length === 0) return;

    const rentalRows = await tx
      .select({
        id: rentals.id,
        ownerId: rentals.ownerId,
        itemId: rentals.itemId,
        paymentId: rentals.paymentId,
        cancelledBy: rentals.cancelledBy,
        cancelReason: rentals.cancelReason,
      })
      .from(rentals)
      .where(or(eq(rentals.renterId, userId), eq(rentals.ownerId, userId)));
    const myRentals = new Map<string, MemberRental>(
      rentalRows.map((r) => {
        const owned = r.ownerId === userId;
        const byThem = r.cancelledBy === (owned ? 'owner' : 'renter') && r.cancelReason !== WITHDRAWN_REQUEST_REASON;
        return [r.id, { owned, itemId: r.itemId, paymentId: r.paymentId, theirReason: byThem ? r.cancelReason : null }];
      }),
    );
    const claims: MemberClaim[] = (
      await tx
        .select({
          id: rentalClaims.id,
          rentalId: rentalClaims.rentalId,
          kind: rentalClaims.kind,
          byUserId: rentalClaims.byUserId,
          note: rentalClaims.note,
          reply: rentalClaims.reply,
        })
        .from(rentalClaims)
        .innerJoin(rentals, eq(rentals.id, rentalClaims.rentalId))
        .where(or(eq(rentals.renterId, userId), eq(rentals.ownerId, userId)))
    ).map((c) => ({ ...c, theirs: c.byUserId === userId }));

    const wordsOf = (n: NoticeRow): MemberWordsInNotice | null => {
      if (n.their_message) return { kind: 'message' };
      const [cause = '', first = '', second = ''] = (n.event_key ?? '').split(':');
      if (cause === 'claim.reported') {
        const claim = claims.find((c) => c.rentalId === first && c.kind === second && c.theirs);
        return claim ? { kind: 'quoted', text: claim.note } : null;
      }
      if (cause === 'claim.disputed') {
        const claim = claims.find((c) => c.id === first && !c.theirs);
        return claim?.reply ? { kind: 'quoted', text: claim.reply } : null;
      }
      if (cause === 'rental.cancelled') {
        const reason = myRentals.get(first)?.theirReason;
        return reason ? { kind: 'reason', text: reason } : null;
      }
      if (cause === 'rental.extension_declined') return myRentals.get(first)?.owned ? { kind: 'extension_reason' } : null;
      return null;
    };
    const orderItemNames = (paymentId: string) =>
      [...myRentals.values()].filter((r) => r.owned && r.paymentId === paymentId).flatMap((r) => itemNames.get(r.itemId) ?? []);

    const changed = notices.flatMap((n) => {
      const key = n.event_key ?? '';
      const names = [
        ...(n.item_id && itemNames.has(n.item_id) ? [itemNames.get(n.item_id)!] : []),
        ...(key.startsWith('order.paid:') ? orderItemNames(key.slice('order.paid:'.length)) : []),
      ];
      const text = scrubNotice({ title: n.title, body: n.body, itemNames: names, words: wordsOf(n) }, memberName);
      return text.title === n.title && text.body === n.body ? [] : [{ id: n.id, ...text }];
    });
    for (const batch of chunks(changed, 500)) {
      await tx.execute(sql`
        update notifications n set title = v.title, body = v.body
        from json_to_recordset(${JSON.stringify(batch)}::json) as v(id uuid, title text, body text)
        where n.id = v.id`);
    }
  }

  /**
   * Work still queued or kept for 90 days holds copies too: the reasons the member gave in the
   * events that tell the other party, and a password-reset email (address, name and link).
   */
  async function scrubJobs(tx: Tx, userId: string, email: string) {
    await tx.execute(sql`
      update jobs set payload = payload - 'reason', updated_at = now()
      where name like 'event:rental.cancelled:%' and payload->>'reason' is not null
        and ((payload->>'by' = 'owner' and payload->>'ownerId' = ${userId}) or (payload->>'by' = 'renter' and payload->>'renterId' = ${userId}))`);
    await tx.execute(sql`
      update jobs set payload = jsonb_set(payload, '{reason}', to_jsonb(${REMOVED_TEXT}::text)), updated_at = now()
      where name like 'event:rental.extension_declined:%' and payload->>'ownerId' = ${userId}`);
    await tx.delete(jobs).where(and(eq(jobs.name, RESET_EMAIL_JOB), sql`lower(${jobs.payload}->>'to') = lower(${email})`));
  }

  return {
    /**
     * Erases the member's words and files and anonymises their row; `inTransaction` is given the
     * storage keys of their files before the commit (to queue their removal in the same transaction).
     */
    async deleteAccount(
      userId: string,
      deletedEmail: string,
      inTransaction: (tx: Executor, fileKeys: string[]) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [user] = await tx
          .select({ name: users.name, email: users.email, pictureKey: users.pictureKey })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!user) return;
        const ownItems = await tx
          .select({ id: items.id, name: items.name, address: items.address, city: items.city, postcode: items.postcode })
          .from(items)
          .where(eq(items.ownerId, userId));
        const ownItemIds = tx.select({ id: items.id }).from(items).where(eq(items.ownerId, userId));
        const partyRentals = tx
          .select({ id: rentals.id })
          .from(rentals)
          .where(or(eq(rentals.renterId, userId), eq(rentals.ownerId, userId)));

        // First what quotes the member (read from their words before those go).
        await scrubOthersNotices(tx, userId, user.name, new Map(ownItems.map((i) => [i.id, i.name])));
        await scrubJobs(tx, userId, user.email);

        // Their words in others' records: messages, reviews, handover notes, claims, cancellation reasons.
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
          .where(
            and(inArray(rentalClaims.rentalId, partyRentals), ne(rentalClaims.byUserId, userId), sql`${rentalClaims.reply} is not null`),
          );
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

        // Their items: soft-deleted (rentals point at them) under a neutral name, without their text,
        // address or photos; the words only they used leave the search vocabulary (its trigger, migration 0056).
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
          await tx.execute(
            sql`delete from geocode_cache where query in (select jsonb_array_elements_text(${JSON.stringify(geocoded)}::jsonb))`,
          );
        }

        // What is only theirs.
        await tx.delete(sessions).where(eq(sessions.userId, userId));
        await tx.delete(accounts).where(eq(accounts.userId, userId));
        await tx.delete(verifications).where(or(eq(verifications.value, userId), eq(verifications.identifier, user.email)));
        await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, userId));
        await tx.delete(notifications).where(eq(notifications.userId, userId));
        await tx
          .delete(supportRequests)
          .where(or(eq(supportRequests.userId, userId), sql`lower(${supportRequests.email}) = lower(${user.email})`));
        await tx.delete(signInFailures).where(eq(signInFailures.account, user.email.trim().toLowerCase()));
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
        await tx.execute(
          sql`delete from notifications where group_key in (select 'wanted:' || id from wanted_posts where user_id = ${userId})`,
        );
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

        const files = [...images, ...handover, ...claimFiles].flatMap((f) => [f.largeKey, f.thumbKey]);
        await inTransaction(tx, [...(user.pictureKey ? [user.pictureKey] : []), ...files]);
      });
    },
  };
}
