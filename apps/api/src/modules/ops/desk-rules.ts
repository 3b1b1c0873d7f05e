import { AppError, OPERATOR_MESSAGES, operatorReason } from '@toolshed/core';
import { isRowId } from '../../db/ids.ts';

/** The reason every action must give, for the audit log (400 when missing or too long). */
export function requireReason(reason: unknown): string {
  const text = operatorReason(reason);
  if (text === null) throw new AppError('VALIDATION', OPERATOR_MESSAGES.reason, 'reason');
  return text;
}

/** An operator never acts on their own account, listings or rentals. */
export function refuseOwn(operatorId: string, memberId: string): void {
  if (operatorId === memberId) throw new AppError('FORBIDDEN', OPERATOR_MESSAGES.ownAccount);
}

export const itemNotFound = () => new AppError('NOT_FOUND', 'Item not found.');
export const memberNotFound = () => new AppError('NOT_FOUND', 'Member not found.');
export const reportNotFound = () => new AppError('NOT_FOUND', 'Report not found.');

/** A row id, else the thing's 404 (a malformed id names nothing). */
export function rowId(id: string, missing: () => AppError): string {
  if (!isRowId(id)) throw missing();
  return id;
}
