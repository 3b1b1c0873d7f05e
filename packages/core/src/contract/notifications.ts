import { z } from 'zod';
import { pageInfoShape } from './paging.ts';

export const notificationPreferencesSchema = z.object({
  email: z.boolean(),
  push: z.boolean(),
  sms: z.boolean(),
  newRequests: z.boolean(),
  statusUpdates: z.boolean(),
  returnReminders: z.boolean(),
  marketing: z.boolean(),
});

/** Defaults for someone who never changed them: everything on except marketing. */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email: true,
  push: true,
  sms: true,
  newRequests: true,
  statusUpdates: true,
  returnReminders: true,
  marketing: false,
};

export const notificationTabSchema = z.enum(['items', 'rentals']);

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});

export const notificationEntrySchema = z.object({
  groupKey: z.string(),
  type: z.enum(['item', 'rental', 'account']),
  itemId: z.string().nullable(),
  itemName: z.string().nullable(),
  rental: z
    .object({
      id: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      totalPence: z.number().int().describe('Integer pence'),
      status: z.string(),
    })
    .nullable(),
  unreadCount: z.number().int(),
  latestAt: z.string(),
  notifications: z.array(notificationSchema).describe('Newest first, at most 10'),
});

export const notificationListSchema = z.object({
  tab: notificationTabSchema,
  entries: z.array(notificationEntrySchema),
  unread: z.object({ items: z.number().int(), rentals: z.number().int() }),
  // The paging is of entries (one per item, rental or the account), not of single notifications.
  ...pageInfoShape,
});

export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export type NotificationTab = z.infer<typeof notificationTabSchema>;
export type NotificationView = z.infer<typeof notificationSchema>;
export type NotificationEntry = z.infer<typeof notificationEntrySchema>;
export type NotificationList = z.infer<typeof notificationListSchema>;
