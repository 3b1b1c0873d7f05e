import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/database.ts';
import { items, users } from '../../db/schema.ts';
import { scrubOthersNotices } from './account-deletion-notices-repository.ts';
import { anonymiseMember, eraseTheirItems, eraseTheirWords, eraseWhatIsOnlyTheirs, scrubJobs } from './account-erasure-repository.ts';

/**
 * 'Delete my account' in one transaction: every place the member's own words and files live is
 * erased or replaced (decision 015), and the anonymised users row stays for what others' rentals,
 * reviews, messages and the ledger point at. The other party keeps their records (dates, amounts,
 * ratings, their own words) with 'Deleted user' and 'Deleted item' where the member's name and item
 * names stood. The files go after the commit: the caller is handed their storage keys inside the
 * transaction, to queue their removal with it.
 */
export function createAccountDeletionRepository(db: Db) {
  return {
    /**
     * Erases the member's words and files and anonymises their row; `inTransaction` is given the
     * storage keys of their files before the commit (to queue their removal in the same transaction).
     */
    async deleteAccount(
      userId: string,
      deletedEmail: string,
      inTransaction: (tx: Executor, fileKeys: string[]) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [user] = await tx
          .select({ name: users.name, email: users.email, pictureKey: users.pictureKey })
          .from(users)
          .where(eq(users.id, userId))
          .for('update');
        if (!user) return;
        const ownItems = await tx
          .select({ id: items.id, name: items.name, address: items.address, city: items.city, postcode: items.postcode })
          .from(items)
          .where(eq(items.ownerId, userId));
        // First what quotes the member (read from their words before those go).
        await scrubOthersNotices(tx, userId, user.name, new Map(ownItems.map((i) => [i.id, i.name])));
        await scrubJobs(tx, userId, user.email);
        const wordFiles = await eraseTheirWords(tx, userId);
        const images = await eraseTheirItems(tx, userId, ownItems);
        await eraseWhatIsOnlyTheirs(tx, userId, user.email);
        await anonymiseMember(tx, userId, deletedEmail);

        const files = [...images, ...wordFiles].flatMap((f) => [f.largeKey, f.thumbKey]);
        await inTransaction(tx, [...(user.pictureKey ? [user.pictureKey] : []), ...files]);
      });
    },
  };
}
