import type { FastifyInstance } from 'fastify';
import type { ModuleKit } from '../../platform/module-kit.ts';
import type { DepositsService } from '../deposits/deposits-service.ts';
import { createClaimEvidenceRepository } from './claim-evidence-repository.ts';
import { claimRulings } from './claim-rulings.ts';
import { createDeskRepository } from './desk-repository.ts';
import { memberStanding } from './member-standing.ts';
import { createOperatorGate } from './operator-gate.ts';
import { createOperatorRepository } from './operator-repository.ts';
import { opsClaimRoutes } from './ops-claim-routes.ts';
import { opsActionRoutes } from './ops-action-routes.ts';
import { opsRoutes } from './ops-routes.ts';
import { reportsQueue } from './reports-queue.ts';
import { secondFactor } from './second-factor.ts';

/**
 * The operator's desk (/api/ops): for the accounts in OPERATOR_EMAILS with this session's emailed
 * code. Reports and listings, members' standing, and rulings on claims sent to support, each
 * action written to the append-only audit log with it. One file per use case.
 */
export async function registerOps(
  api: FastifyInstance,
  kit: ModuleKit,
  uses: {
    deposits: Pick<DepositsService, 'rule'>;
    cancelRental: (rentalId: string, reason: string) => Promise<boolean>;
    closeRequest: (rentalId: string, reason: string) => Promise<boolean>;
    declineExtension: (rentalId: string, reason: string) => Promise<boolean>;
  },
) {
  const repo = createOperatorRepository(kit.db);
  const desk = createDeskRepository(kit.db);
  const gate = createOperatorGate({ operatorEmails: kit.config.operatorEmails, currentUser: api.currentUser, repo });
  const onListingsChanged = kit.catalogueChanged;
  await api.register(opsRoutes, { gate, repo, code: secondFactor({ repo, mailer: kit.mailer, now: kit.now }) });
  await api.register(opsActionRoutes, {
    gate,
    queue: reportsQueue({ repo: desk, now: kit.now, onListingsChanged }),
    standing: memberStanding({
      repo: desk,
      mailer: kit.mailer,
      now: kit.now,
      cancelRental: uses.cancelRental,
      closeRequest: uses.closeRequest,
      declineExtension: uses.declineExtension,
      onListingsChanged,
    }),
  });
  await api.register(opsClaimRoutes, {
    gate,
    rulings: claimRulings({ evidence: createClaimEvidenceRepository(kit.db), deposits: uses.deposits, storage: kit.storage }),
  });
}
