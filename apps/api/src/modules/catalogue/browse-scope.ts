import { ALL_CATEGORY_ID, METRES_PER_MILE } from '@toolshed/core';
import type { NearAnswer } from '@toolshed/core/contract';
import type { BrowseScope } from './catalogue-repository.ts';

/** Where a browse looks: a category (or all), an owner's items, not the owners hidden from the asker, around a place. */
export function browseScope(
  categoryId: string,
  ownerId: string | undefined,
  near: NearAnswer | undefined,
  hiddenOwners: readonly string[] = [],
): BrowseScope {
  return {
    categoryId: categoryId === ALL_CATEGORY_ID ? null : categoryId,
    ...(ownerId ? { ownerId } : {}),
    ...(hiddenOwners.length > 0 ? { hiddenOwners } : {}),
    ...(near
      ? {
          near: {
            latitude: near.latitude,
            longitude: near.longitude,
            ...(near.radiusMiles === null ? {} : { radiusMetres: near.radiusMiles * METRES_PER_MILE }),
          },
        }
      : {}),
  };
}
