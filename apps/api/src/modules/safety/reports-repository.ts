import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { ReportKind, ReportReason } from '@toolshed/core';
import type { Db } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { itemImages, items, messages, messageThreads, reports, users } from '../../db/schema.ts';

/** What was reported, as it was when it was reported, and whose it is. */
export interface Subject {
  memberId: string;
  snapshot: Record<string, unknown>;
}

export interface NewReport {
  reporterId: string;
  kind: ReportKind;
  subjectId: string;
  subject: Subject;
  reason: ReportReason;
  details: string | null;
}

/** A listing not deleted: its owner and its words and photos now. */
async function itemSubject(db: Db, itemId: string): Promise<Subject | undefined> {
  const [row] = await db
    .select({
      ownerId: items.ownerId,
      name: items.name,
      description: items.description,
      categoryId: items.categoryId,
      dailyRatePence: items.dailyRatePence,
    })
    .from(items)
    .where(and(eq(items.id, itemId), isNull(items.deletedAt)));
  if (!row) return undefined;
  const photos = await db
    .select({ largeKey: itemImages.largeKey, thumbKey: itemImages.thumbKey })
    .from(itemImages)
    .where(eq(itemImages.itemId, itemId))
    .orderBy(asc(itemImages.position));
  const { ownerId, ...listing } = row;
  return { memberId: ownerId, snapshot: { ...listing, photos } };
}

/** A member who has not deleted their account: the name and picture others see. */
async function memberSubject(db: Db, memberId: string): Promise<Subject | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name, picture: users.picture })
    .from(users)
    .where(and(eq(users.id, memberId), isNull(users.deletedAt)));
  return row ? { memberId: row.id, snapshot: { name: row.name, picture: row.picture } } : undefined;
}

/** A message in a conversation `readerId` is part of (anyone else: undefined), with its words. */
async function messageSubject(db: Db, messageId: string, readerId: string): Promise<Subject | undefined> {
  const [row] = await db
    .select({
      senderId: messages.senderId,
      senderName: users.name,
      body: messages.body,
      sentAt: messages.createdAt,
      itemId: messageThreads.itemId,
      itemName: items.name,
    })
    .from(messages)
    .innerJoin(messageThreads, eq(messageThreads.id, messages.threadId))
    .innerJoin(items, eq(items.id, messageThreads.itemId))
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.id, messageId), or(eq(messageThreads.ownerId, readerId), eq(messageThreads.renterId, readerId))));
  if (!row) return undefined;
  const { senderId, sentAt, ...rest } = row;
  return { memberId: senderId, snapshot: { ...rest, senderId, sentAt: sentAt.toISOString() } };
}

/**
 * Files the report unless this reporter already reported this thing ('already'). A listing's
 * row is locked first, so that reports at once count each other: the one that makes
 * `hideAt` different reporters hides it, in the same transaction.
 */
async function fileReport(db: Db, report: NewReport, hideAt: number): Promise<'filed' | 'already' | 'hidden'> {
  return db.transaction(async (tx) => {
    if (report.kind === 'item') await tx.select({ id: items.id }).from(items).where(eq(items.id, report.subjectId)).for('update');
    const inserted = await tx
      .insert(reports)
      .values({
        reporterId: report.reporterId,
        subjectKind: report.kind,
        subjectId: report.subjectId,
        subjectMemberId: report.subject.memberId,
        reason: report.reason,
        details: report.details,
        snapshot: report.subject.snapshot,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (inserted.length === 0) return 'already';
    if (report.kind !== 'item') return 'filed';
    // One report per reporter and thing (a unique index), so open reports count different members.
    const [open] = await tx
      .select({ n: count() })
      .from(reports)
      .where(and(eq(reports.subjectKind, 'item'), eq(reports.subjectId, report.subjectId), eq(reports.status, 'open')));
    if ((open?.n ?? 0) < hideAt) return 'filed';
    const hidden = await tx
      .update(items)
      .set({ hiddenPendingReview: true })
      .where(and(eq(items.id, report.subjectId), sql`not ${items.hiddenPendingReview}`))
      .returning({ id: items.id });
    return hidden.length > 0 ? 'hidden' : 'filed';
  });
}

/** The only SQL of reports. A reporter reads nothing back but their own receipt. */
export function createReportsRepository(db: Db) {
  return {
    item: withDb(db, itemSubject),
    member: withDb(db, memberSubject),
    message: withDb(db, messageSubject),
    file: withDb(db, fileReport),
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
