import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import { createRentalRepository } from '../rentals/rental-repository.ts';
import { createReviewsRepository } from './reviews-repository.ts';
import { reviewsRoutes } from './reviews-routes.ts';
import { createReviewsService } from './reviews-service.ts';
/** Reviews after a return, revealed together; the service for owner pages and the rentals module. */
export async function registerReviews(api: FastifyInstance, kit: ModuleKit) {
  const reviews = createReviewsService({
    repo: createReviewsRepository(kit.db),
    rentals: createRentalRepository(kit.db),
    events: kit.events,
    jobs: kit.jobs,
    now: kit.now,
    onChange: kit.catalogueChanged,
  });
  await api.register(reviewsRoutes, { service: reviews });
  return reviews;
}

export type Reviews = Awaited<ReturnType<typeof registerReviews>>;
