import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { withDb } from '../../db/with-db.ts';
import { phoneVerifications, users } from '../../db/schema.ts';

const touch = () => ({ updatedAt: new Date() });

export type UserRow = typeof users.$inferSelect;
export type PhoneVerificationRow = typeof phoneVerifications.$inferSelect;

/** Saves a number in E.164; the verified flag stays only if it is the same number (stored either way, decision 028). */
async function setPhoneNumber(db: Db, id: string, country: { code: string; dialCode: string }, e164: string): Promise<void> {
  const countryCode = country.code;
  const number = e164;
  await db
    .update(users)
    .set({
      phoneCountryCode: countryCode,
      phoneNumber: number,
      phoneVerified: sql`${users.phoneVerified} and ${users.phoneCountryCode} is not distinct from ${countryCode} and concat(case when left(${users.phoneNumber}, 1) = '+' then '' else ${country.dialCode}::text end, ${users.phoneNumber}) = ${number}`,
      ...touch(),
    })
    .where(eq(users.id, id));
}

/** Sets (or clears) the picture; answers the key it replaced so its file can be removed. */
async function replaceProfilePicture(db: Db, id: string, picture: { url: string; key: string } | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [old] = await tx.select({ key: users.pictureKey }).from(users).where(eq(users.id, id)).for('update');
    await tx
      .update(users)
      .set({ picture: picture?.url ?? null, pictureKey: picture?.key ?? null, ...touch() })
      .where(eq(users.id, id));
    return old?.key ?? null;
  });
}

async function removePhoneNumber(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ phoneCountryCode: null, phoneNumber: null, phoneVerified: false, ...touch() })
      .where(eq(users.id, id));
    await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, id));
  });
}

async function markPhoneNumberVerified(db: Db, id: string, countryCode: string, number: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ phoneCountryCode: countryCode, phoneNumber: number, phoneVerified: true, ...touch() })
      .where(eq(users.id, id));
    await tx.delete(phoneVerifications).where(eq(phoneVerifications.userId, id));
  });
}

/** The only place the profile's SQL lives: the user's own row and their pending phone check. */
export function createProfileRepository(db: Db) {
  return {
    async find(id: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), sql`${users.deletedAt} is null`));
      return row;
    },

    async updateName(id: string, name: string): Promise<void> {
      await db
        .update(users)
        .set({ name, ...touch() })
        .where(eq(users.id, id));
    },

    async updateAddress(id: string, address: { line: string; city: string; postcode: string }): Promise<void> {
      await db
        .update(users)
        .set({ addressLine: address.line, addressCity: address.city, addressPostcode: address.postcode, ...touch() })
        .where(eq(users.id, id));
    },

    replacePicture: withDb(db, replaceProfilePicture),

    async setVacation(id: string, until: string | null): Promise<void> {
      await db
        .update(users)
        .set({ vacationUntil: until, ...touch() })
        .where(eq(users.id, id));
    },

    /** A new number is saved unverified; the same number keeps its state. */
    setPhone: withDb(db, setPhoneNumber),

    markPhoneVerified: withDb(db, markPhoneNumberVerified),

    removePhone: withDb(db, removePhoneNumber),

    verification: {
      async find(userId: string): Promise<PhoneVerificationRow | undefined> {
        const [row] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, userId));
        return row;
      },

      async save(row: Omit<PhoneVerificationRow, 'createdAt'>): Promise<void> {
        await db
          .insert(phoneVerifications)
          .values(row)
          .onConflictDoUpdate({ target: phoneVerifications.userId, set: { ...row, createdAt: new Date() } });
      },

      /**
       * Uses up one try before the code is compared, in one statement, so parallel guesses cannot
       * get past the limit; answers nothing when the tries are used up.
       */
      async claimTry(userId: string, maxTries: number): Promise<PhoneVerificationRow | undefined> {
        const [row] = await db
          .update(phoneVerifications)
          .set({ attempts: sql`${phoneVerifications.attempts} + 1` })
          .where(and(eq(phoneVerifications.userId, userId), sql`${phoneVerifications.attempts} < ${maxTries}`))
          .returning();
        return row;
      },
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
