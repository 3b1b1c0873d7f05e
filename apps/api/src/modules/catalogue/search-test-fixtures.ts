import type { Db } from '../../db/database.ts';
import { createItem } from '../../test/factories.ts';

/**
 * Five items whose words test the search postings: words inside longer tokens ('saw' in 'Jigsaw'),
 * punctuation ('Heavy-duty', '3.5m', 'K4:', "neighbour's"), several words of a description, and one
 * item in another category.
 */
export async function listSearchSamples(db: Db, ownerId: string): Promise<void> {
  await createItem(db, ownerId, { name: 'Jigsaw', description: 'Cuts curves. Blades included.' });
  await createItem(db, ownerId, { name: 'Mitre saw', description: 'For picture frames, skirting & trim.' });
  await createItem(db, ownerId, { name: 'Heavy-duty ladder', description: 'Aluminium, 3.5m (extends).' });
  await createItem(db, ownerId, { name: 'Pressure washer', description: "Karcher K4: patios, cars and the neighbour's van." });
  await createItem(db, ownerId, { name: 'Tent', description: 'Sleeps four.\nGreat for festivals', categoryId: 'camping-gear' });
}
