import { eq, or, sql } from 'drizzle-orm';
import { WITHDRAWN_REQUEST_REASON } from '@toolshed/core';
import { queryRows, type Db } from '../../db/database.ts';
import { rentalClaims, rentals } from '../../db/schema.ts';
import { scrubNotice, type MemberWordsInNotice } from './deleted-member-text.ts';
import type { Tx } from './account-erasure-repository.ts';

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

/** The rentals the member is party to and the claims on them, as their words on them are found. */
async function memberRentalsAndClaims(tx: Tx, userId: string) {
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
  return { myRentals, claims };
}

/** The other people's notices about the member, rewritten without the member's name, item names and words. */
export async function scrubOthersNotices(tx: Tx, userId: string, memberName: string, itemNames: ReadonlyMap<string, string>) {
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

  const { myRentals, claims } = await memberRentalsAndClaims(tx, userId);

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
