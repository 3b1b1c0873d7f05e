import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { simulatedPaymentMethods } from '../../db/schema.ts';
import { withDb } from '../../db/with-db.ts';
import { createDbAuthenticationStore } from './simulated-authentications-repository.ts';
import type { CardProfile } from './simulated-cards.ts';
import type { PaymentMethodStore } from './simulated-stores.ts';

async function savePaymentMethod(db: Db, id: string, card: CardProfile): Promise<void> {
  await db.insert(simulatedPaymentMethods).values({ id, kind: card.kind, brand: card.brand, last4: card.last4 });
}

async function findPaymentMethod(db: Db, id: string): Promise<CardProfile | undefined> {
  const [row] = await db
    .select({ kind: simulatedPaymentMethods.kind, brand: simulatedPaymentMethods.brand, last4: simulatedPaymentMethods.last4 })
    .from(simulatedPaymentMethods)
    .where(eq(simulatedPaymentMethods.id, id));
  // The check constraint keeps kind and brand to the simulator's own words.
  return row ? (row as CardProfile) : undefined;
}

/**
 * The simulated processor's saved payment methods in PostgreSQL (migration 0086): shared by every
 * process and kept across restarts, as a real processor keeps them on its side. Not removed by
 * housekeeping: a deposit may be held off-session months after the card was saved at checkout.
 */
export function createDbPaymentMethodStore(db: Db): PaymentMethodStore {
  return { save: withDb(db, savePaymentMethod), get: withDb(db, findPaymentMethod) };
}

/** Both of the simulator's stores in the database: its 3-D Secure checks and its saved payment methods outlive a restart. */
export const createDbSimulatorStores = (db: Db) => ({
  authentications: createDbAuthenticationStore(db),
  paymentMethods: createDbPaymentMethodStore(db),
});
