// Files and functions that were over the size limits (scripts/size-limits.mjs: 300 lines a file,
// 80 a function, counted as `wc -l` counts: every line, blank and comment lines included) on the day
// the limits came in. Each entry is a ceiling: the file may not grow past its number (LONG_FILES),
// and no function in it may grow past the longest it had (LONG_FUNCTIONS).
//
// This list only shrinks. New entries are not accepted: split the file or the function instead.
// When a file or function gets shorter, lower its number or delete the entry;
// scripts/check-size-allowlist.mjs (part of `npm run lint`) fails while a number is higher than needed.

export const LONG_FILES = {
  'packages/core/src/sample-catalogue/mock-browse.ts': 371,
};

export const LONG_FUNCTIONS = {
  'apps/api/src/db/prepared-reads.ts': 168,
  'apps/api/src/db/replicas.ts': 165,
  'apps/api/src/db/seed/seed-catalogue.ts': 160,
  'apps/api/src/modules/auth/auth.ts': 117,
  'apps/api/src/modules/calendar-sync/calendar-sync-service.ts': 121,
  'apps/api/src/modules/catalogue/catalogue-repository.ts': 246,
  'apps/api/src/modules/catalogue/catalogue-routes.ts': 88,
  'apps/api/src/modules/catalogue/catalogue-service.ts': 239,
  'apps/api/src/modules/deposits/change-claim.ts': 110,
  'apps/api/src/modules/deposits/claim-kit.ts': 97,
  'apps/api/src/modules/deposits/deposit-schedule.ts': 228,
  'apps/api/src/modules/deposits/deposits-module.ts': 169,
  'apps/api/src/modules/deposits/deposits-routes.ts': 212,
  'apps/api/src/modules/messages/messages-service.ts': 100,
  'apps/api/src/modules/notifications/message-notices.ts': 110,
  'apps/api/src/modules/notifications/order-receipt.ts': 104,
  'apps/api/src/modules/notifications/request-notices.ts': 133,
  'apps/api/src/modules/ops/member-standing.ts': 96,
  'apps/api/src/modules/profile/profile-service.ts': 110,
  'apps/api/src/modules/rentals/extensions/extend-rental.ts': 132,
  'apps/api/src/modules/rentals/handover-service.ts': 121,
  'apps/api/src/modules/rentals/rental-service.ts': 166,
  'apps/api/src/modules/rentals/request-service.ts': 166,
  'apps/api/src/modules/reviews/reviews-service.ts': 122,
  'apps/api/src/platform/calendar-fetch/fetch-calendar.ts': 155,
  'apps/api/src/platform/http/create-server.ts': 104,
  'apps/api/src/platform/jobs/job-queue.ts': 237,
  'apps/api/src/platform/metrics/metrics.ts': 235,
  'apps/api/src/platform/replicas/read-routing.ts': 123,
  'apps/api/src/platform/tracing/tracing.ts': 172,
  'apps/web/src/features/browse/components/search-combobox.tsx': 139,
  'apps/web/src/features/deposits/components/claim-entry.tsx': 209,
  'apps/web/src/pages/bank-challenge-page.tsx': 114,
  'bench/browse/generic-plans.ts': 127,
  'bench/browse/run.ts': 218,
};
