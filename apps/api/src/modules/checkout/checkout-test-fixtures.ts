import { sql } from 'drizzle-orm';
import { TEST_CARDS } from '@toolshed/core';
import type { TestContext } from '../../test/test-app.ts';
import type { createMemoryMailer } from '../../test/memory-mailer.ts';
import { createSignedInUser } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories.ts';

export const TEST_CARD = { number: TEST_CARDS.success, expiry: '12/30', cvv: '123', name: 'Rita Renter' };

/** A signed-in renter with a saved address (checkout needs one) and an owner who is not signed in. */
export async function renterAndOwner(ctx: TestContext, mailer: ReturnType<typeof createMemoryMailer>, email: string) {
  const renter = await createSignedInUser(ctx.app, mailer, email, 'Rita Renter');
  await ctx.database.db.execute(
    sql`update users set address_line = '1 Mill Lane', address_city = 'Leeds', address_postcode = 'LS1 4AP' where id = ${renter.user.id}`,
  );
  const owner = await createUser(ctx.database.db, { name: 'Olive Owner' });
  return { renter, owner };
}
