import type { NotificationTab } from '@toolshed/core/contract';
import type { Db, Executor } from '../../db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { MailMessage, Mailer } from '../../platform/mail/mailer.ts';
import type { SmsSender } from '../../platform/sms/sms-sender.ts';
import { storedE164 } from '../profile/phone-number.ts';
import { wantsEmail, wantsSms, type NotificationKind } from './notification-kinds.ts';
import { notificationEmail } from './notification-email.ts';
import { createNoticesInBulkRepository } from './notices-in-bulk-repository.ts';
import type { NotificationRepository, Recipient } from './notification-repository.ts';

export interface Notice {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path in the web app, e.g. /rentals/{id}. */
  link: string;
  tab: NotificationTab;
  groupKey: string;
  itemId?: string | null;
  rentalId?: string | null;
  /** The cause; a second notice with the same key for the same user is ignored. */
  eventKey: string;
}

export const EMAIL_JOB = 'notifications.email';
const NOTICES_PER_STATEMENT = 1_000;
export const SMS_JOB = 'notifications.sms';

export const preferencesPath = '/profile?tab=preferences';

export type StoredNotification = NonNullable<Awaited<ReturnType<NotificationRepository['notification']>>>;

/** Builds the email of a kind that says more than its notice (null: nothing to send); `now` is the job's. */
export type EmailRenderer = (notification: StoredNotification, to: Recipient, now: Date) => Promise<MailMessage | null>;

interface Deps {
  db: Db;
  repo: NotificationRepository;
  jobs: JobQueue;
  mailer: Mailer;
  sms: SmsSender;
  appUrl: string;
  now: () => Date;
  /** Kinds whose email is their own (the renter's receipt); the others get the notice's title and body. */
  emails?: Partial<Record<NotificationKind, EmailRenderer>>;
}

/**
 * Every sender goes through `notify`: the in-app entry always; an email and a text message as their
 * own keyed jobs, enqueued in the same transaction, only when the user's preferences allow them.
 */
export function createNotifier({ db, repo, jobs, mailer, sms, appUrl, now, emails = {} }: Deps) {
  const inBulk = createNoticesInBulkRepository(db);
  async function notify(executor: Executor, notice: Notice): Promise<string | null> {
    const id = await repo.insert(executor, {
      userId: notice.userId,
      kind: notice.kind,
      title: notice.title,
      body: notice.body,
      link: notice.link,
      tab: notice.tab,
      groupKey: notice.groupKey,
      itemId: notice.itemId ?? null,
      rentalId: notice.rentalId ?? null,
      eventKey: notice.eventKey,
      createdAt: now(),
    });
    if (!id) return null;
    const prefs = await repo.preferences(notice.userId, executor);
    if (wantsEmail(prefs, notice.kind)) await jobs.enqueue(EMAIL_JOB, { notificationId: id }, { key: `${EMAIL_JOB}:${id}` }, executor);
    if (wantsSms(prefs, notice.kind)) await jobs.enqueue(SMS_JOB, { notificationId: id }, { key: `${SMS_JOB}:${id}` }, executor);
    return id;
  }

  /**
   * Many notices at once, as `notify` writes each (the in-app entries, then the emails and texts the
   * preferences allow as keyed jobs), in one statement a thousand notices: a listing that answers a
   * hundred saved searches tells a hundred members in one round trip.
   */
  async function notifyMany(executor: Executor, notices: readonly Notice[]): Promise<number> {
    let written = 0;
    for (let i = 0; i < notices.length; i += NOTICES_PER_STATEMENT)
      written += await inBulk.insertWithJobs(
        executor,
        notices.slice(i, i + NOTICES_PER_STATEMENT),
        { email: EMAIL_JOB, sms: SMS_JOB },
        now(),
      );
    return written;
  }

  jobs.register<{ notificationId: string }>(EMAIL_JOB, async ({ notificationId }, ctx) => {
    const n = await repo.notification(notificationId);
    if (!n) return;
    const to = await repo.recipient(db, n.userId);
    if (!to || to.deleted) return;
    const own = emails[n.kind as NotificationKind];
    if (own) {
      const message = await own(n, to, ctx.now);
      if (message) await mailer.send(message);
      return;
    }
    await mailer.send(
      notificationEmail({
        to: to.email,
        name: to.name,
        kind: n.kind as NotificationKind,
        title: n.title,
        body: n.body,
        url: `${appUrl}${n.link ?? '/notifications'}`,
        preferencesUrl: `${appUrl}${preferencesPath}`,
      }),
    );
  });

  jobs.register<{ notificationId: string }>(SMS_JOB, async ({ notificationId }) => {
    const n = await repo.notification(notificationId);
    if (!n) return;
    const to = await repo.recipient(db, n.userId);
    // Only to a verified phone, checked again when sending (it may have changed since).
    if (!to || to.deleted || !to.phoneVerified) return;
    const e164 = storedE164(to.phoneCountryCode, to.phoneNumber);
    if (!e164) return;
    await sms.send(e164, `Toolshed: ${n.title}. ${appUrl}${n.link ?? '/notifications'}`);
  });

  /** Writes one notice in its own transaction (event handlers run outside the producer's). */
  const send = (notice: Notice) => db.transaction((tx) => notify(tx, notice));

  return { notify, notifyMany, send };
}

export type Notifier = ReturnType<typeof createNotifier>;
