import { describe, expect, it } from 'vitest';
import { AppError } from '@toolshed/core';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import type { CatalogueRepository } from './catalogue-repository.ts';
import { createCatalogueService } from './catalogue-service.ts';

const repo = {
  planOf: async () => ({ clauses: [] }),
  listAndCount: async () => ({ rows: [], matched: 0 }),
  findCategory: async () => undefined,
} as unknown as CatalogueRepository;
const storage = { url: (key: string) => `/media/${key}` } as unknown as FileStorage;

describe("the service's London date", () => {
  it('moves to the next day at midnight, though it is worked out once a minute', async () => {
    let now = new Date('2026-01-10T23:59:30Z');
    const service = createCatalogueService(repo, storage, () => now);
    const tonight = { startDate: '2026-01-10', endDate: '2026-01-10' };
    await expect(service.items('all', tonight)).resolves.toMatchObject({ total: 0 });
    now = new Date('2026-01-10T23:59:59Z');
    await expect(service.items('all', tonight)).resolves.toMatchObject({ total: 0 });
    now = new Date('2026-01-11T00:00:01Z');
    const late = service.items('all', tonight);
    await expect(late).rejects.toBeInstanceOf(AppError);
    await expect(late).rejects.toMatchObject({ message: 'Start date cannot be in the past' });
  });
});
