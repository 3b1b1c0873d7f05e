import { AppError, rentalState, todayInLondon } from '@toolshed/core';
import {
  LIST_PAGE_SIZE,
  pageOffset,
  type NotificationEntry,
  type NotificationList,
  type NotificationPreferences,
  type NotificationTab,
  type PageRequest,
} from '@toolshed/core/contract';
import { isRowId } from '../../db/ids.ts';
import type { NotificationRepository } from './notification-repository.ts';

const PER_ENTRY = 10;

/** Reading and marking notifications, and the preferences every sender consults. */
export function createNotificationService(repo: NotificationRepository, now: () => Date) {
  return {
    unreadCount: (userId: string) => repo.unreadCount(userId),

    /** A tab's entries, one per item, rental or the account: unread first, then by unread count. */
    async list(userId: string, tab: NotificationTab, page: PageRequest = { page: 1, pageSize: LIST_PAGE_SIZE }): Promise<NotificationList> {
      const [groups, total] = await Promise.all([repo.groups(userId, tab, page.pageSize, pageOffset(page)), repo.countGroups(userId, tab)]);
      const keys = groups.map((g) => g.groupKey);
      const [found, unread] = await Promise.all([repo.ofGroups(userId, tab, keys, PER_ENTRY), repo.unreadByTab(userId)]);
      const itemIds = [...new Set(keys.filter((k) => k.startsWith('item:')).map((k) => k.slice(5)))];
      const rentalIds = [...new Set(keys.filter((k) => k.startsWith('rental:')).map((k) => k.slice(7)))];
      const [items, rentals] = await Promise.all([repo.itemNames(itemIds), repo.rentals(rentalIds)]);
      const today = todayInLondon(now());
      const entries = groups.map((g): NotificationEntry => {
        const own = found.filter((n) => n.groupKey === g.groupKey);
        const rental = g.groupKey.startsWith('rental:') ? rentals.find((r) => `rental:${r.id}` === g.groupKey) : undefined;
        const itemId = g.groupKey.startsWith('item:') ? g.groupKey.slice(5) : (rental?.itemId ?? null);
        return {
          groupKey: g.groupKey,
          type: g.groupKey.startsWith('item:') ? 'item' : g.groupKey.startsWith('rental:') ? 'rental' : 'account',
          itemId,
          itemName: rental?.itemName ?? items.find((i) => i.id === itemId)?.name ?? null,
          rental: rental
            ? {
                id: rental.id,
                startDate: rental.startDate,
                endDate: rental.endDate,
                totalPence: rental.totalPence,
                status: rentalState(
                  { startDate: rental.startDate, endDate: rental.endDate, returned: rental.returned, cancelled: rental.cancelled },
                  today,
                ),
              }
            : null,
          unreadCount: g.unreadCount,
          latestAt: g.latestAt,
          notifications: own.map((n) => ({
            id: n.id,
            kind: n.kind,
            title: n.title,
            body: n.body,
            link: n.link,
            createdAt: n.createdAt,
            read: n.readAt !== null,
          })),
        };
      });
      return { tab, entries, unread, ...page, total };
    },

    /** Opening an entry reads everything in it. */
    async openEntry(userId: string, tab: NotificationTab, groupKey: string): Promise<void> {
      await repo.markGroupRead(userId, tab, groupKey, now());
    },

    async markRead(userId: string, id: string): Promise<void> {
      const n = isRowId(id) ? await repo.notification(id) : undefined;
      if (!n || n.userId !== userId) throw new AppError('NOT_FOUND', 'Notification not found.');
      await repo.markRead(userId, [id], now());
    },

    markAllRead: (userId: string) => repo.markAllRead(userId, now()),

    preferences: (userId: string) => repo.preferences(userId),

    async savePreferences(userId: string, prefs: NotificationPreferences): Promise<NotificationPreferences> {
      await repo.savePreferences(userId, prefs, now());
      return prefs;
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
