import { AppError, OPERATOR_MESSAGES } from '@toolshed/core';
import type { OpsDone, OpsReports } from '@toolshed/core/contract';
import { recordAction } from './operator-repository.ts';
import type { DeskRepository } from './desk-repository.ts';
import { itemNotFound, refuseOwn, reportNotFound, requireReason, rowId } from './desk-rules.ts';

const QUEUE_SIZE = 100;

/**
 * The reports queue and what an operator does about a listing: dismiss a report (nothing was wrong),
 * hide a listing (its open reports upheld) or restore one (its open reports dismissed). Each action
 * and its audit row commit together.
 */
export function reportsQueue(deps: { repo: DeskRepository; now: () => Date; onListingsChanged: () => void }) {
  const { repo, now, onListingsChanged } = deps;
  return {
    async list(): Promise<OpsReports> {
      return { reports: await repo.openReports(QUEUE_SIZE) };
    },

    async dismiss(operatorId: string, reportId: string, reason: unknown): Promise<OpsDone> {
      const why = requireReason(reason);
      rowId(reportId, reportNotFound);
      return repo.transaction(async (tx) => {
        const report = await repo.lockReport(tx, reportId);
        if (!report) throw reportNotFound();
        refuseOwn(operatorId, report.memberId);
        if (report.status !== 'open') throw new AppError('CONFLICT', OPERATOR_MESSAGES.reportClosed);
        const closed = await repo.closeReports(tx, report.kind, report.subjectId, 'dismissed', now());
        const auditId = await recordAction(tx, {
          operatorId,
          action: 'dismiss_report',
          subjectKind: 'report',
          subjectId: report.id,
          reason: why,
          detail: { kind: report.kind, subjectId: report.subjectId, reportsClosed: closed },
        });
        return { done: true, auditId };
      });
    },

    /** Hides the listing from browsing (or keeps it hidden, if three reports already did), or shows it again. */
    async setListingHidden(operatorId: string, itemId: string, hidden: boolean, reason: unknown): Promise<OpsDone> {
      const why = requireReason(reason);
      rowId(itemId, itemNotFound);
      const done = await repo.transaction(async (tx) => {
        const item = await repo.lockItem(tx, itemId);
        if (!item) throw itemNotFound();
        refuseOwn(operatorId, item.ownerId);
        await repo.setItemHidden(tx, [item.id], hidden);
        const closed = await repo.closeReports(tx, 'item', item.id, hidden ? 'upheld' : 'dismissed', now());
        const auditId = await recordAction(tx, {
          operatorId,
          action: hidden ? 'hide_listing' : 'restore_listing',
          subjectKind: 'item',
          subjectId: item.id,
          reason: why,
          detail: { name: item.name, ownerId: item.ownerId, wasHidden: item.hidden, reportsClosed: closed },
        });
        return { done: true as const, auditId };
      });
      onListingsChanged();
      return done;
    },
  };
}

export type ReportsQueue = ReturnType<typeof reportsQueue>;
