import {
  AppError,
  isReportReason,
  REPORT_ALREADY_RECEIVED_MESSAGE,
  REPORT_OWN_ITEM_MESSAGE,
  REPORT_OWN_MESSAGE_MESSAGE,
  REPORT_REASON_MESSAGE,
  REPORT_RECEIVED_MESSAGE,
  REPORT_YOURSELF_MESSAGE,
  REPORTS_TO_HIDE_LISTING,
  reportProblems,
  type ReportKind,
} from '@toolshed/core';
import type { ReportInput, ReportReceipt } from '@toolshed/core/contract';
import { isRowId } from '../../db/ids.ts';
import type { ReportsRepository, Subject } from './reports-repository.ts';

const NOT_FOUND: Record<ReportKind, string> = { item: 'Item not found', member: 'Member not found', message: 'Message not found' };
const OWN: Record<ReportKind, string> = {
  item: REPORT_OWN_ITEM_MESSAGE,
  member: REPORT_YOURSELF_MESSAGE,
  message: REPORT_OWN_MESSAGE_MESSAGE,
};

/**
 * Members' reports of listings, members and messages, kept with what was reported as it was then.
 * The reporter is only ever told their report was received: never who else reported, nor what follows.
 * A listing reported by REPORTS_TO_HIDE_LISTING different members leaves browsing until an operator looks.
 */
export function createReportsService(repo: ReportsRepository, onListingHidden: () => void = () => {}) {
  async function subjectOf(kind: ReportKind, id: string, reporterId: string): Promise<Subject | undefined> {
    if (kind === 'member') return repo.member(id);
    if (!isRowId(id)) return undefined;
    return kind === 'item' ? repo.item(id) : repo.message(id, reporterId);
  }

  return {
    async report(reporterId: string, input: ReportInput): Promise<ReportReceipt & { filed: boolean }> {
      const problems = reportProblems(input);
      if (problems.reason || !isReportReason(input.reason))
        throw new AppError('VALIDATION', problems.reason ?? REPORT_REASON_MESSAGE, 'reason');
      if (problems.details) throw new AppError('VALIDATION', problems.details, 'details');
      const details = input.details?.trim() ?? '';
      if (input.kind === 'member' && input.id === reporterId) throw new AppError('VALIDATION', OWN.member, 'id');
      const subject = await subjectOf(input.kind, input.id, reporterId);
      if (!subject) throw new AppError('NOT_FOUND', NOT_FOUND[input.kind]);
      if (subject.memberId === reporterId) throw new AppError('VALIDATION', OWN[input.kind], 'id');
      const outcome = await repo.file(
        { reporterId, kind: input.kind, subjectId: input.id, subject, reason: input.reason, details: details === '' ? null : details },
        REPORTS_TO_HIDE_LISTING,
      );
      if (outcome === 'hidden') onListingHidden();
      return outcome === 'already'
        ? { received: true, alreadyReported: true, message: REPORT_ALREADY_RECEIVED_MESSAGE, filed: false }
        : { received: true, alreadyReported: false, message: REPORT_RECEIVED_MESSAGE, filed: true };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
