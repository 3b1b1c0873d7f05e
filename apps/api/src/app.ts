import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createLogger } from './platform/logging/create-logger.ts';
import { RequestLogController } from './platform/logging/request-log-controller.ts';
import { echoRequestId, requestIdOf } from './platform/logging/request-id.ts';
import { buildInfo } from './platform/lifecycle/build-info.ts';
import { registerHealthRoutes, type Readiness } from './platform/lifecycle/health-routes.ts';
import { registerMetrics } from './platform/metrics/metrics.ts';
import { registerErrorHandler, registerNotFound } from './platform/http/error-handler.ts';
import { registerHttpGuards } from './platform/http/http-guards.ts';
import { createErrorReporter, type ErrorReporter } from './platform/errors/error-reporter.ts';
import { registerMedia, registerWebApp } from './platform/http/static-files.ts';
import { registerWebShell } from './modules/web-shell/web-shell-routes.ts';
import { createMailer, type Mailer } from './platform/mail/mailer.ts';
import { registerMailboxPage } from './platform/mail/mailbox-page.ts';
import { createDevClock } from './platform/dev-clock/dev-clock.ts';
import type { FileStorage } from './platform/storage/file-storage.ts';
import { createStorage } from './platform/storage/create-storage.ts';
import { registerMediaFromStorage } from './platform/http/media-from-storage.ts';
import { createDbGeocodeCache } from './platform/geocoding/geocode-cache.ts';
import { createSharedThrottle } from './platform/rate-limit/shared-throttle.ts';
import { TtlCache } from './platform/cache/ttl-cache.ts';
import { createCatalogueRepository } from './modules/catalogue/catalogue-repository.ts';
import { createCatalogueService } from './modules/catalogue/catalogue-service.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue-routes.ts';
import { createAuth } from './modules/auth/auth.ts';
import { registerAuthRoutes } from './modules/auth/auth-routes.ts';
import { registerOpenApi } from './openapi/openapi-document.ts';
import { createCurrentUser } from './modules/auth/current-user.ts';
import { createSignInLimiter } from './modules/auth/sign-in-limiter.ts';
import { createDbFailureLog } from './modules/auth/sign-in-failure-repository.ts';
import { profileRoutes } from './modules/profile/profile-routes.ts';
import { accountRoutes } from './modules/account/account-routes.ts';
import { createAccountRepository } from './modules/account/account-repository.ts';
import { createAccountDataRepository } from './modules/account/account-data-repository.ts';
import { createAccountService } from './modules/account/account-service.ts';
import { createCalendarFeed } from './modules/account/calendar-feed.ts';
import { setUpCalendarSync, type CalendarImportOptions } from './modules/calendar-sync/calendar-sync-module.ts';
import { calendarSyncRoutes } from './modules/calendar-sync/calendar-sync-routes.ts';
import { passwordChecker } from './modules/account/password-check.ts';
import { createProfileRepository } from './modules/profile/profile-repository.ts';
import { createProfileService } from './modules/profile/profile-service.ts';
import { createPhoneVerification } from './modules/profile/phone-verification.ts';
import { createOutboxSmsSender, type SmsSender } from './platform/sms/sms-sender.ts';
import { notificationRoutes } from './modules/notifications/notification-routes.ts';
import { createNotifications } from './modules/notifications/notifications-module.ts';
import { createMessagesService } from './modules/messages/messages-service.ts';
import { messageRoutes } from './modules/messages/message-routes.ts';
import { supportRoutes } from './modules/support/support-routes.ts';
import { createSupportRepository } from './modules/support/support-repository.ts';
import { createSupportService } from './modules/support/support-service.ts';
import { wheelbarrowRoutes } from './modules/wheelbarrow/wheelbarrow-routes.ts';
import { vitalsRoutes } from './modules/vitals/vitals-routes.ts';
import { createVitalsService } from './modules/vitals/vitals-service.ts';
import { createVitalsRepository } from './modules/vitals/vitals-repository.ts';
import { createWheelbarrowRepository } from './modules/wheelbarrow/wheelbarrow-repository.ts';
import { createWheelbarrowService } from './modules/wheelbarrow/wheelbarrow-service.ts';
import { createSavedItemsRepository } from './modules/saved/saved-items-repository.ts';
import { createSavedItemsService } from './modules/saved/saved-items-service.ts';
import { savedItemsRoutes } from './modules/saved/saved-items-routes.ts';
import { setUpSavedSearches } from './modules/saved-searches/saved-searches-module.ts';
import { savedSearchesRoutes } from './modules/saved-searches/saved-searches-routes.ts';
import { createDateWatchesRepository } from './modules/date-watches/date-watches-repository.ts';
import { createDateWatchesService } from './modules/date-watches/date-watches-service.ts';
import { dateWatchesRoutes } from './modules/date-watches/date-watches-routes.ts';
import { subscribeFreedDates } from './modules/date-watches/freed-dates.ts';
import { setUpWanted } from './modules/wanted/wanted-module.ts';
import { wantedRoutes } from './modules/wanted/wanted-routes.ts';
import { createCheckoutRepository } from './modules/checkout/checkout-repository.ts';
import { setUpCheckout } from './modules/checkout/checkout-module.ts';
import { setUpDeposits } from './modules/deposits/deposits-module.ts';
import { depositsRoutes } from './modules/deposits/deposits-routes.ts';
import { setUpMoney } from './modules/money/money-module.ts';
import { moneyRoutes } from './modules/money/money-routes.ts';
import { checkoutRoutes } from './modules/checkout/checkout-routes.ts';
import { createWheelbarrowCheck } from './modules/checkout/wheelbarrow-check.ts';
import { createRentalRepository } from './modules/rentals/rental-repository.ts';
import { rentalRoutes } from './modules/rentals/rental-routes.ts';
import { setUpRentals } from './modules/rentals/rentals-module.ts';
import { requestRoutes } from './modules/rentals/request-routes.ts';
import { extensionRoutes } from './modules/rentals/extension-routes.ts';
import { createHandoverRepository } from './modules/rentals/handover-repository.ts';
import { handoverRoutes } from './modules/rentals/handover-routes.ts';
import { createRenterRequirementsRepository } from './modules/items/renter-requirements-repository.ts';
import {
  checkoutRequiringStanding,
  createRenterRequirements,
  wheelbarrowCheckRequiringStanding,
  wheelbarrowRequiringStanding,
} from './modules/items/renter-requirements.ts';
import { renterRequirementsRoutes } from './modules/items/renter-requirements-routes.ts';
import { createReviewsRepository } from './modules/reviews/reviews-repository.ts';
import { createReviewsService } from './modules/reviews/reviews-service.ts';
import { reviewsRoutes } from './modules/reviews/reviews-routes.ts';
import type { PaymentProvider } from './platform/payments/payment-provider.ts';
import type { PayoutProvider } from './platform/payments/payout-provider.ts';
import type { Geocoder } from './platform/geocoding/geocoder.ts';
import { createOfflineGeocoder } from './platform/geocoding/geocoder.ts';
import { createHttpGeocoder } from './platform/geocoding/http-geocoder.ts';
import { createItemsRepository } from './modules/items/items-repository.ts';
import { createItemsService } from './modules/items/items-service.ts';
import { itemsRoutes } from './modules/items/items-routes.ts';
import { ownerRoutes } from './modules/owners/owner-routes.ts';
import { createBlocksRepository } from './modules/safety/blocks-repository.ts';
import { createBlocksService } from './modules/safety/blocks-service.ts';
import { blocksRoutes } from './modules/safety/blocks-routes.ts';
import {
  checkoutRefusingBlocked,
  hiddenOwnersOfRequest,
  requestsRefusingBlocked,
  wheelbarrowCheckRefusingBlocked,
  wheelbarrowRefusingBlocked,
} from './modules/safety/block-guards.ts';
import { createReportsRepository } from './modules/safety/reports-repository.ts';
import { createReportsService } from './modules/safety/reports-service.ts';
import { reportsRoutes } from './modules/safety/reports-routes.ts';
import { createOwnersService } from './modules/owners/owners-service.ts';
import { createOwnersRepository } from './modules/owners/owners-repository.ts';
import { createSimulatedProcessor } from './platform/payments/simulated-processor.ts';
import { createSimulatedPayouts } from './platform/payments/simulated-payouts.ts';
import { createJobQueue, type JobQueue } from './platform/jobs/job-queue.ts';
import { reportedFailure } from './platform/jobs/job-failure.ts';
import { createEventBus, type EventBus } from './platform/events/domain-events.ts';
import { registerHousekeeping } from './platform/jobs/housekeeping.ts';
import { startTracing } from './platform/tracing/tracing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (tests run due jobs with `app.jobs.runDue()`). */
    jobs: JobQueue;
    /** Domain events, delivered to subscribers through the job queue. */
    events: EventBus;
    /** Where unhandled request errors and jobs failed for good are reported (ERROR_REPORT_URL). */
    errorReporter: ErrorReporter;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  authSecret: string;
  storage?: FileStorage;
  mailer?: Mailer;
  payments?: PaymentProvider;
  /** Pays withdrawals out to cards; default: the simulated payout service. */
  payouts?: PayoutProvider;
  geocoder?: Geocoder;
  /** Text messages; default: the local SMS outbox under DATA_DIR. */
  sms?: SmsSender;
  now?: () => Date;
  /** The process's logger; default: one made from the configuration. */
  logger?: FastifyBaseLogger;
  /** Shared with the shutdown code, which marks the process as draining. */
  readiness?: Readiness;
  /** Owners' other calendars: fetch limits and the address rule (tests); default from the configuration. */
  calendarImport?: CalendarImportOptions;
}

export const outboxDir = (config: Config) => path.join(config.dataDir, 'outbox');
export const smsOutboxDir = (config: Config) => path.join(config.dataDir, 'sms-outbox');

export async function buildApp({
  config,
  database,
  authSecret,
  storage,
  mailer,
  payments,
  payouts,
  geocoder,
  sms,
  now = () => new Date(),
  logger,
  readiness = { draining: false },
  calendarImport,
}: AppDeps): Promise<FastifyInstance> {
  // Development only: a clock journeys can move forward (config DEV_CLOCK); every part below reads it.
  const devClock = config.devClock ? createDevClock(now) : undefined;
  if (devClock) now = devClock.now;
  const app = Fastify({
    loggerInstance: logger ?? createLogger(config),
    // One line per request, without query strings, instead of Fastify's two.
    logController: new RequestLogController(),
    // Only behind a known proxy may X-Forwarded-For name the client (rate limits key on it).
    trustProxy: config.trustProxy,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  echoRequestId(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only with an OTLP endpoint configured; otherwise OpenTelemetry is never loaded. First, so that its
  // hooks run before every other and its onClose (they run in reverse) after the jobs have stopped.
  const tracing = config.tracing
    ? await startTracing(config.tracing, { environment: config.nodeEnv, warn: (message) => app.log.warn(message) })
    : undefined;
  if (tracing) {
    tracing.traceRequests(app);
    database.observeQueries(tracing.query);
    app.addHook('onClose', async () => {
      database.observeQueries(undefined);
      await tracing.shutdown();
    });
  }
  const errorReporter = createErrorReporter({
    url: config.errorReportUrl,
    service: 'toolshed-api',
    now,
    warn: (obj, msg) => app.log.warn(obj, msg),
  });
  app.decorate('errorReporter', errorReporter);
  app.addHook('onClose', async () => errorReporter.flush());
  registerErrorHandler(app, errorReporter);
  const build = buildInfo(config.commit);
  await registerHealthRoutes(app, { database, readiness, build });
  const metrics = registerMetrics(app, { database, token: config.metricsToken, build, now });
  await registerHttpGuards(app, { config, db: database.db, now });
  await registerOpenApi(app, { appUrl: config.appUrl });

  const db = database.db;
  const jobs = createJobQueue({
    db,
    now,
    log: app.log,
    onRun: metrics.jobRun,
    ...(tracing ? { aroundRun: tracing.aroundJob } : {}),
    onGiveUp: (job, err, failure) =>
      errorReporter.report({
        source: 'job',
        error: reportedFailure(err, failure),
        context: { job: job.name, jobId: job.id, attempt: job.attempt },
      }),
  });
  const events = createEventBus(jobs);
  app.decorate('jobs', jobs);
  app.decorate('events', events);
  registerHousekeeping(jobs, db);
  if (config.runJobs) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  const fileStorage = storage ?? createStorage(config);
  const mail = mailer ?? createMailer({ from: config.mailFrom, smtpUrl: config.smtpUrl, outboxDir: outboxDir(config) });
  const signInLimiter = createSignInLimiter(
    {
      pairFailures: config.authRateLimit.accountFailures,
      accountFailures: config.authRateLimit.accountFailures * 2,
      windowMs: config.authRateLimit.accountWindowMs,
    },
    createDbFailureLog(db),
  );
  const auth = createAuth({
    db,
    mailer: mail,
    jobs,
    appUrl: config.appUrl,
    secret: authSecret,
    secureCookies: config.production,
    trustedOrigins: config.trustedOrigins,
    production: config.production,
    onPasswordReset: (email) => signInLimiter.clear(email),
    log: (level, message) => app.log[level]({ source: 'better-auth' }, message),
  });
  const currentUser = createCurrentUser(auth);
  // Browse answers are cached for a few seconds and dropped on every change this process makes.
  const browseCache = new TtlCache<unknown>(config.browseCacheMs, 5_000);
  const catalogueChanged = () => browseCache.clear();
  const geo =
    geocoder ??
    (config.geocoderUrl
      ? createHttpGeocoder({
          url: config.geocoderUrl,
          timeoutMs: 5000,
          minIntervalMs: 1000,
          // One request per second for the whole deployment, and answers shared by every process.
          cache: createDbGeocodeCache(db, now),
          throttle: createSharedThrottle(db, 'geocoder', 1000),
        })
      : createOfflineGeocoder());
  const catalogue = createCatalogueService(createCatalogueRepository(db), fileStorage, now, browseCache, geo);
  const limits = config.authRateLimit;
  const paymentProvider = payments ?? createSimulatedProcessor({ delayMs: config.paymentDelayMs });
  const checkoutRepo = createCheckoutRepository(db);
  const deposits = setUpDeposits({
    db,
    jobs,
    events,
    payments: paymentProvider,
    mailer: mail,
    supportEmail: config.supportEmail,
    appUrl: config.appUrl,
    now,
    // Called only once requests and jobs run, after the notifications below are set up.
    notify: (tx, notice) => notifications.notifier.notify(tx, notice),
    storage: fileStorage,
    handover: createHandoverRepository(db),
  });
  const checkout = setUpCheckout({
    db,
    repo: checkoutRepo,
    payments: paymentProvider,
    jobs,
    events,
    now,
    onBookingsChanged: catalogueChanged,
    log: app.log,
    deposits: deposits.checkout,
  });
  const money = setUpMoney({ db, jobs, events, payouts: payouts ?? createSimulatedPayouts(), now });
  // What owners ask of renters, checked when a line is added to the saved wheelbarrow and at checkout.
  const renterRequirements = createRenterRequirements(createRenterRequirementsRepository(db));
  // Whether lines can be booked as checkout would judge them: the wheelbarrow's check and the Saved page's dates.
  // Blocks hold both ways: messages, bookings (the saved wheelbarrow, its check and checkout) and what browsing shows.
  const viewersBlocks = new TtlCache<string[]>(config.browseCacheMs, 5_000);
  const blocks = createBlocksService(createBlocksRepository(db), () => {
    catalogueChanged();
    viewersBlocks.clear();
  });
  const wheelbarrowCheck = wheelbarrowCheckRefusingBlocked(
    wheelbarrowCheckRequiringStanding(createWheelbarrowCheck(checkoutRepo, fileStorage, now), renterRequirements),
    blocks,
  );
  const savedSearches = setUpSavedSearches({
    db,
    jobs,
    appUrl: config.appUrl,
    now,
    origin: catalogue.origin,
    matchQueryOf: catalogue.matchQueryOf,
  });
  const itemsService = createItemsService(createItemsRepository(db), geo, fileStorage, now, catalogueChanged, savedSearches.listed);
  const rentalRepo = createRentalRepository(db);
  const reviews = createReviewsService({
    repo: createReviewsRepository(db),
    rentals: rentalRepo,
    events,
    jobs,
    now,
    onChange: catalogueChanged,
  });
  const rentals = setUpRentals({
    db,
    repo: rentalRepo,
    storage: fileStorage,
    payments: paymentProvider,
    events,
    jobs,
    now,
    onReturned: reviews.scheduleReveal,
    onChange: catalogueChanged,
  });
  const smsSender = sms ?? createOutboxSmsSender(smsOutboxDir(config));
  const profileRepo = createProfileRepository(db);
  const profile = createProfileService(profileRepo, fileStorage, now, catalogueChanged);
  const phone = createPhoneVerification({
    repo: profileRepo,
    sms: smsSender,
    secret: authSecret,
    now,
    log: (err) => app.log.error({ err }, 'sms send failed'),
  });
  const calendarFeed = createCalendarFeed(createAccountRepository(db), config.appUrl, now);
  const calendarSync = setUpCalendarSync({
    db,
    jobs,
    events,
    now,
    allowPrivate: config.calendarImportAllowPrivate,
    onChange: catalogueChanged,
    log: app.log,
    ...(calendarImport ? { options: calendarImport } : {}),
  });
  const account = createAccountService({
    db,
    repo: createAccountDataRepository(db),
    jobs,
    storage: fileStorage,
    now,
    onChange: catalogueChanged,
  });
  const notifications = createNotifications({
    db,
    jobs,
    events,
    mailer: mail,
    sms: smsSender,
    appUrl: config.appUrl,
    now,
    emails: savedSearches.emails,
  });
  savedSearches.startAlerts(notifications.notifier.notifyMany);
  // Date watches judge 'free' as the wheelbarrow does, without the owner's asks of renters: free days are free to everyone.
  const datesCheck = createWheelbarrowCheck(checkoutRepo, fileStorage, now);
  const dateWatchesRepo = createDateWatchesRepository(db);
  subscribeFreedDates({ db, repo: dateWatchesRepo, events, check: datesCheck, notify: notifications.notifier.notify, now });
  const wanted = setUpWanted({ db, jobs, storage: fileStorage, now, origin: catalogue.origin, notify: notifications.notifier.notify });
  const hiddenOwners = hiddenOwnersOfRequest(currentUser, blocks, viewersBlocks);
  const messagesService = createMessagesService(db, events, now, notifications.messageNotices.readConversation, blocks);

  await registerAuthRoutes(app, { auth, limiter: signInLimiter, limits, ...(config.production ? { publicOrigin: config.appUrl } : {}) });
  await app.register(
    async (api) => {
      await api.register(catalogueRoutes, { service: catalogue, currentUser, hiddenOwners });
      await api.register(profileRoutes, { service: profile, phone, currentUser });
      await api.register(accountRoutes, {
        service: account,
        calendar: calendarFeed,
        currentUser,
        checkPassword: passwordChecker(auth),
        now,
      });
      await api.register(calendarSyncRoutes, { service: calendarSync, currentUser });
      await api.register(notificationRoutes, { service: notifications.service, currentUser });
      await api.register(messageRoutes, { service: messagesService, currentUser, perSenderLimit: config.messageRateLimit });
      await api.register(checkoutRoutes, {
        service: checkoutRefusingBlocked(checkoutRequiringStanding(checkout, renterRequirements), blocks),
        check: wheelbarrowCheck,
        payments: paymentProvider,
        currentUser,
        perUserLimit: config.checkoutRateLimit,
      });
      await api.register(moneyRoutes, { ...money, currentUser, now });
      await api.register(rentalRoutes, { service: rentals.rentals, currentUser });
      await api.register(requestRoutes, { service: requestsRefusingBlocked(rentals.requests, blocks), currentUser });
      await api.register(extensionRoutes, { service: rentals.extensions, currentUser });
      await api.register(depositsRoutes, { service: deposits.service, currentUser });
      await api.register(handoverRoutes, { service: rentals.handover, currentUser });
      await api.register(reviewsRoutes, { service: reviews, currentUser });
      await api.register(itemsRoutes, { service: itemsService, catalogue, currentUser });
      await api.register(ownerRoutes, {
        service: createOwnersService({ repo: createOwnersRepository(db), catalogue, reviews }),
        hiddenOwners,
      });
      await api.register(blocksRoutes, { service: blocks, currentUser });
      await api.register(reportsRoutes, { service: createReportsService(createReportsRepository(db), catalogueChanged), currentUser });
      await api.register(vitalsRoutes, { service: createVitalsService(createVitalsRepository(db), now), currentUser });
      await api.register(wheelbarrowRoutes, {
        service: wheelbarrowRefusingBlocked(
          wheelbarrowRequiringStanding(createWheelbarrowService(createWheelbarrowRepository(db), fileStorage), renterRequirements),
          blocks,
        ),
        currentUser,
      });
      await api.register(savedItemsRoutes, {
        service: createSavedItemsService({
          repo: createSavedItemsRepository(db),
          check: wheelbarrowCheck,
          storage: fileStorage,
          origin: catalogue.origin,
        }),
        currentUser,
      });
      await api.register(savedSearchesRoutes, { service: savedSearches.service, currentUser });
      await api.register(dateWatchesRoutes, {
        service: createDateWatchesService({ repo: dateWatchesRepo, check: datesCheck, now }),
        currentUser,
      });
      await api.register(wantedRoutes, { service: wanted, currentUser });
      await api.register(renterRequirementsRoutes, { requirements: renterRequirements, currentUser });
      await api.register(supportRoutes, {
        service: createSupportService({ repo: createSupportRepository(db), mailer: mail, supportEmail: config.supportEmail, now }),
        perIpLimit: config.supportRateLimit,
        currentUser,
      });
    },
    { prefix: '/api' },
  );
  if (!config.production) registerMailboxPage(app, outboxDir(config), smsOutboxDir(config));
  devClock?.register(app);

  if ('rootDir' in fileStorage) {
    const rootDir = (fileStorage as { rootDir: string }).rootDir;
    await mkdir(rootDir, { recursive: true });
    await registerMedia(app, rootDir);
  } else registerMediaFromStorage(app, fileStorage);
  const servingWeb = await registerWebApp(app, config.webDistDir);
  // The browse addresses' HTML carries their first screen's data (the rest stay static files).
  const shell = servingWeb ? await registerWebShell(app, { distDir: config.webDistDir, catalogue, now }) : undefined;
  registerNotFound(app, shell ? { spaPage: shell.plainPage } : {});
  return app;
}
