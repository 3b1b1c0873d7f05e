import { aliasedTable, and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ReportKind } from '@toolshed/core';
import type { Db, Executor } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { items, operatorActions, rentalExtensions, rentals, reports, sessions, users } from '../../db/schema.ts';

const reporters = aliasedTable(users, 'reporters');

/** Open reports, oldest first, with whose thing it is and (for a listing) whether it is hidden now. */
async function openReports(db: Db, limit: number) {
  const rows = await db
    .select({
      id: reports.id,
      kind: sql<ReportKind>`${reports.subjectKind}`,
      subjectId: reports.subjectId,
      memberId: reports.subjectMemberId,
      memberName: users.name,
      suspendedAt: users.suspendedAt,
      reporterName: reporters.name,
      reason: reports.reason,
      details: reports.details,
      snapshot: sql<Record<string, unknown>>`${reports.snapshot}`,
      listingHidden: items.hiddenPendingReview,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.subjectMemberId))
    .innerJoin(reporters, eq(reporters.id, reports.reporterId))
    .leftJoin(items, and(eq(reports.subjectKind, 'item'), eq(sql`${items.id}::text`, reports.subjectId)))
    .where(eq(reports.status, 'open'))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(limit);
  return rows.map(({ memberId, memberName, suspendedAt, createdAt, ...r }) => ({
    ...r,
    member: { id: memberId, name: memberName, suspended: suspendedAt !== null },
    listingHidden: r.kind === 'item' ? (r.listingHidden ?? false) : null,
    createdAt: createdAt.toISOString(),
  }));
}

/** One report, locked until the transaction ends. */
async function lockReport(tx: Executor, reportId: string) {
  const [row] = await tx
    .select({
      id: reports.id,
      kind: sql<ReportKind>`${reports.subjectKind}`,
      subjectId: reports.subjectId,
      memberId: reports.subjectMemberId,
      status: reports.status,
    })
    .from(reports)
    .where(eq(reports.id, reportId))
    .for('update');
  return row;
}

/** Closes the open reports of one thing: 'upheld' after an action on it, 'dismissed' when there was nothing to do. */
async function closeReports(tx: Executor, kind: ReportKind, subjectId: string, status: 'upheld' | 'dismissed', at: Date): Promise<number> {
  const closed = await tx
    .update(reports)
    .set({ status, reviewedAt: at })
    .where(and(eq(reports.subjectKind, kind), eq(reports.subjectId, subjectId), eq(reports.status, 'open')))
    .returning({ id: reports.id });
  return closed.length;
}

/** A listing not deleted, locked: its owner and whether it is hidden. */
async function lockItem(tx: Executor, itemId: string) {
  const [row] = await tx
    .select({ id: items.id, ownerId: items.ownerId, name: items.name, hidden: items.hiddenPendingReview })
    .from(items)
    .where(and(eq(items.id, itemId), isNull(items.deletedAt)))
    .for('update');
  return row;
}

async function setItemHidden(tx: Executor, itemIds: readonly string[], hidden: boolean): Promise<void> {
  if (itemIds.length === 0) return;
  await tx
    .update(items)
    .set({ hiddenPendingReview: hidden })
    .where(inArray(items.id, [...itemIds]));
}

/** A member who has not deleted their account, locked. */
async function lockMember(tx: Executor, memberId: string) {
  const [row] = await tx
    .select({ id: users.id, name: users.name, email: users.email, suspendedAt: users.suspendedAt })
    .from(users)
    .where(and(eq(users.id, memberId), isNull(users.deletedAt)))
    .for('update');
  return row;
}

/**
 * Suspends the member: marks them, ends every session of theirs and hides their listings still
 * shown (the ids returned, for a reinstatement to show them again).
 */
async function suspend(tx: Executor, memberId: string, at: Date): Promise<string[]> {
  await tx.update(users).set({ suspendedAt: at }).where(eq(users.id, memberId));
  await tx.delete(sessions).where(eq(sessions.userId, memberId));
  const hidden = await tx
    .update(items)
    .set({ hiddenPendingReview: true })
    .where(and(eq(items.ownerId, memberId), isNull(items.deletedAt), sql`not ${items.hiddenPendingReview}`))
    .returning({ id: items.id });
  return hidden.map((h) => h.id);
}

/** The listings the member's latest suspension hid (read from its audit row), still theirs and not deleted. */
async function hiddenBySuspension(tx: Executor, memberId: string): Promise<string[]> {
  const [row] = await tx
    .select({ detail: sql<{ hiddenItems?: string[] }>`${operatorActions.detail}` })
    .from(operatorActions)
    .where(and(eq(operatorActions.action, 'suspend_member'), eq(operatorActions.subjectId, memberId)))
    .orderBy(desc(operatorActions.createdAt))
    .limit(1);
  const ids = row?.detail.hiddenItems ?? [];
  if (ids.length === 0) return [];
  const still = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(inArray(items.id, ids), eq(items.ownerId, memberId), isNull(items.deletedAt)));
  return still.map((i) => i.id);
}

async function reinstate(tx: Executor, memberId: string): Promise<void> {
  await tx.update(users).set({ suspendedAt: null }).where(eq(users.id, memberId));
}

/** Ids of the rentals, soonest first, where the member is the owner or the renter, not cancelled and meeting `also`. */
async function memberRentalIds(db: Db, memberId: string, ...also: (SQL | undefined)[]): Promise<string[]> {
  const rows = await db
    .select({ id: rentals.id })
    .from(rentals)
    .where(and(or(eq(rentals.ownerId, memberId), eq(rentals.renterId, memberId)), isNull(rentals.cancelledAt), ...also))
    .orderBy(asc(rentals.startDate));
  return rows.map((r) => r.id);
}

/** Bookings of the member's (as owner or renter) still to start after `today`, not cancelled: a suspension cancels them. */
function upcomingRentals(db: Db, memberId: string, today: string): Promise<string[]> {
  return memberRentalIds(
    db,
    memberId,
    eq(rentals.returned, false),
    gt(rentals.startDate, today),
    or(isNull(rentals.requestStatus), eq(rentals.requestStatus, 'accepted')),
  );
}

/** Requests to book still waiting for an owner, where the member is the renter or the owner. */
function pendingRequests(db: Db, memberId: string): Promise<string[]> {
  return memberRentalIds(db, memberId, eq(rentals.requestStatus, 'pending'));
}

/** Rentals with an extension still waiting for the owner, where the member is the renter or the owner. */
async function pendingExtensions(db: Db, memberId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: rentals.id })
    .from(rentals)
    .innerJoin(rentalExtensions, and(eq(rentalExtensions.rentalId, rentals.id), eq(rentalExtensions.status, 'pending')))
    .where(or(eq(rentals.ownerId, memberId), eq(rentals.renterId, memberId)));
  return rows.map((r) => r.id);
}

/** The SQL of the desk's reports queue and of what operators do to listings and members. */
export function createDeskRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Executor) => Promise<T>) => db.transaction((tx) => work(tx)),
    openReports: withDb(db, openReports),
    lockReport,
    closeReports,
    lockItem,
    setItemHidden,
    lockMember,
    suspend,
    hiddenBySuspension,
    reinstate,
    upcomingRentals: withDb(db, upcomingRentals),
    pendingRequests: withDb(db, pendingRequests),
    pendingExtensions: withDb(db, pendingExtensions),
  };
}

export type DeskRepository = ReturnType<typeof createDeskRepository>;
