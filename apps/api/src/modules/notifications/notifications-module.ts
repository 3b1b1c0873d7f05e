import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../platform/events/domain-events.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { SmsSender } from '../../platform/sms/sms-sender.ts';
import { createMessageNotices } from './message-notices.ts';
import { createNotifier, type EmailRenderer } from './notifier.ts';
import type { NotificationKind } from './notification-kinds.ts';
import { createNotificationRepository } from './notification-repository.ts';
import { createNotificationService } from './notification-service.ts';
import { subscribeNotifications } from './notification-subscribers.ts';
import { subscribeRequestNotices } from './request-notices.ts';
import { registerRentalNotices } from './rental-notices.ts';
import { registerHandoverReminders } from './handover-reminders.ts';
import { receiptRenderer } from './order-receipt.ts';
import { extensionReceiptRenderer } from './extension-receipt.ts';

interface Deps {
  db: Db;
  jobs: JobQueue;
  events: EventBus;
  mailer: Mailer;
  sms: SmsSender;
  appUrl: string;
  now: () => Date;
  /** Kinds whose email another module writes (a saved search's alert, with its unsubscribe). */
  emails?: Partial<Record<NotificationKind, EmailRenderer>>;
}

/** Wires notifications: subscribers for every domain event, the morning notices, the service for the routes. */
export function createNotifications({ db, jobs, events, mailer, sms, appUrl, now, emails = {} }: Deps) {
  const repo = createNotificationRepository(db);
  const notifier = createNotifier({
    db,
    repo,
    jobs,
    mailer,
    sms,
    appUrl,
    now,
    emails: { ...emails, 'order.paid': receiptRenderer(db, repo, appUrl), 'extension.paid': extensionReceiptRenderer(db, repo, appUrl) },
  });
  subscribeNotifications(events, db, repo, notifier);
  subscribeRequestNotices(events, db, repo, notifier);
  registerRentalNotices(jobs, events, db, repo, notifier);
  registerHandoverReminders(jobs, events, db, repo, notifier);
  const messageNotices = createMessageNotices({ db, repo, jobs, events, mailer, appUrl, now });
  return { service: createNotificationService(repo, now), notifier, messageNotices };
}
