import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import type { Notifications } from '../notifications/notifications-module.ts';
import type { BlocksService } from '../safety/blocks-service.ts';
import { messageRoutes } from './message-routes.ts';
import { createMessagesService } from './messages-service.ts';
/** Messages between renters and owners about an item; refused across a block. */
export async function registerMessages(
  api: FastifyInstance,
  kit: ModuleKit,
  uses: { notifications: Notifications; blocks: BlocksService },
) {
  const service = createMessagesService(kit.db, kit.events, kit.now, uses.notifications.messageNotices.readConversation, uses.blocks);
  await api.register(messageRoutes, { service, perSenderLimit: kit.config.messageRateLimit });
}
