import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import { notificationRoutes } from './notification-routes.ts';
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
import { registerHandoverTimeReminders } from './handover-time-reminders.ts';
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
  // Kept by reference: a module set up later adds the kinds whose email it writes (`addEmails`).
  const renderers: Partial<Record<NotificationKind, EmailRenderer>> = {
    ...emails,
    'order.paid': receiptRenderer(db, repo, appUrl),
    'extension.paid': extensionReceiptRenderer(db, repo, appUrl),
  };
  const notifier = createNotifier({ db, repo, jobs, mailer, sms, appUrl, now, emails: renderers });
  subscribeNotifications(events, db, repo, notifier);
  subscribeRequestNotices(events, db, repo, notifier);
  registerRentalNotices(jobs, events, db, repo, notifier);
  registerHandoverReminders(jobs, events, db, repo, notifier);
  const handoverTimes = registerHandoverTimeReminders(jobs, events, db, repo, notifier);
  const messageNotices = createMessageNotices({ db, repo, jobs, events, mailer, appUrl, now });
  return {
    service: createNotificationService(repo, now),
    notifier,
    messageNotices,
    /** Reminders two hours before a rental's handover times (scheduled again when a new time is accepted). */
    handoverTimes,
    /** Kinds whose email another module writes (a saved search's alert, with its unsubscribe). */
    addEmails: (more: Partial<Record<NotificationKind, EmailRenderer>>) => void Object.assign(renderers, more),
  };
}

export type Notifications = ReturnType<typeof createNotifications>;

/** Notifications: the subscribers and jobs above, and /api/notifications. */
export async function registerNotifications(api: FastifyInstance, kit: ModuleKit): Promise<Notifications> {
  const notifications = createNotifications({ ...kit, appUrl: kit.config.appUrl });
  await api.register(notificationRoutes, { service: notifications.service });
  return notifications;
}
