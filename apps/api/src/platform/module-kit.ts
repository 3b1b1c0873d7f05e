import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/database.ts';
import type { EventBus } from './events/domain-events.ts';
import type { LocalSignals } from './events/local-signals.ts';
import type { Geocoder } from './geocoding/geocoder.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { ReadRouting } from './replicas/read-routing.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import type { PayoutProvider } from './payments/payout-provider.ts';
import type { SmsSender } from './sms/sms-sender.ts';
import type { FileStorage } from './storage/file-storage.ts';

/** In-process signals between modules (a change one makes that another's cache depends on). */
export interface AppSignals {
  /** Something browse shows changed (an item, a booking, a profile, a block...): cached answers are dropped. */
  'catalogue.changed': void;
}

/**
 * What every module's `register` is given: the process's shared parts, made once by the server.
 * A module takes what it needs from here, and what another module offers through that module's
 * `register` result, never through a callback threaded by hand.
 */
export interface ModuleKit {
  config: Config;
  database: Database;
  db: Db;
  /**
   * Reads that may come from a read replica (catalogue and owner pages): `reads.route(make)` gives
   * `make`'s read-only repository routed per request; everything else uses `db`, the primary.
   */
  reads: ReadRouting;
  authSecret: string;
  now: () => Date;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  events: EventBus;
  signals: LocalSignals<AppSignals>;
  storage: FileStorage;
  mailer: Mailer;
  sms: SmsSender;
  geocoder: Geocoder;
  payments: PaymentProvider;
  payouts: PayoutProvider;
  /** Tells every process-local cache of browse answers that the catalogue changed. */
  catalogueChanged: () => void;
}
