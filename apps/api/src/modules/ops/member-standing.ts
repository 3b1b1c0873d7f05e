import { AppError, OPERATOR_MESSAGES, todayInLondon } from '@toolshed/core';
import type { OpsDone } from '@toolshed/core/contract';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { recordAction } from './operator-repository.ts';
import type { DeskRepository } from './desk-repository.ts';
import { memberNotFound, refuseOwn, requireReason } from './desk-rules.ts';

/** Why Toolshed cancelled a booking of a suspended member (shown to both parties). */
export const SUSPENDED_CANCEL_REASON = 'Cancelled by Toolshed: one of the accounts on this booking was suspended.';
/** Why Toolshed cancelled a request (to book or to extend) of a suspended member, or one for their listing. */
export const SUSPENDED_REQUEST_REASON = 'Cancelled by Toolshed: one of the accounts on this request was suspended.';

export interface StandingDeps {
  repo: DeskRepository;
  mailer: Mailer;
  now: () => Date;
  /** Toolshed's own cancellation (rentals' `cancelBySystem`): a full refund, both sides told. False when there was nothing to cancel. */
  cancelRental: (rentalId: string, reason: string) => Promise<boolean>;
  /** Toolshed declines a request to book still waiting (authorisation voided, both sides told). False when it no longer waits. */
  closeRequest: (rentalId: string, reason: string) => Promise<boolean>;
  /** Toolshed declines a rental's extension still waiting (authorisation voided, days freed, both sides told). */
  declineExtension: (rentalId: string, reason: string) => Promise<boolean>;
  onListingsChanged: () => void;
}

/**
 * Warning, suspending and reinstating a member. A suspension ends their sessions and hides their
 * listings in one transaction with its audit row, then cancels their upcoming bookings the way
 * Toolshed cancels one (full refunds, both sides told) and the requests still waiting, theirs and
 * those for their listings (to book or to extend: the authorisation voided, both sides told); a reinstatement shows again the listings
 * the suspension hid. The member's open reports are closed as upheld by a warning or suspension.
 */
export function memberStanding(deps: StandingDeps) {
  const { repo, mailer, now, cancelRental, closeRequest, declineExtension, onListingsChanged } = deps;
  return {
    async warn(operatorId: string, memberId: string, reason: unknown): Promise<OpsDone> {
      const why = requireReason(reason);
      refuseOwn(operatorId, memberId);
      return repo.transaction(async (tx) => {
        const member = await repo.lockMember(tx, memberId);
        if (!member) throw memberNotFound();
        const closed = await repo.closeReports(tx, 'member', member.id, 'upheld', now());
        const auditId = await recordAction(tx, {
          operatorId,
          action: 'warn_member',
          subjectKind: 'member',
          subjectId: member.id,
          reason: why,
          detail: { reportsClosed: closed },
        });
        // Sent before the commit: a mail that fails leaves no warning recorded, and the operator tries again.
        await mailer.send({
          to: member.email,
          subject: 'A warning from Toolshed',
          text: `Hello ${member.name},\n\nToolshed's team has looked at your account and is warning you:\n\n${why}\n\nIf it happens again, your account may be suspended.`,
        });
        return { done: true, auditId };
      });
    },

    async suspend(operatorId: string, memberId: string, reason: unknown): Promise<OpsDone & { cancelled: number }> {
      const why = requireReason(reason);
      refuseOwn(operatorId, memberId);
      const at = now();
      const upcoming = await repo.upcomingRentals(memberId, todayInLondon(at));
      const requests = await repo.pendingRequests(memberId);
      const extensions = await repo.pendingExtensions(memberId);
      const done = await repo.transaction(async (tx) => {
        const member = await repo.lockMember(tx, memberId);
        if (!member) throw memberNotFound();
        if (member.suspendedAt) throw new AppError('CONFLICT', OPERATOR_MESSAGES.alreadySuspended);
        const hiddenItems = await repo.suspend(tx, member.id, at);
        const closed = await repo.closeReports(tx, 'member', member.id, 'upheld', at);
        const auditId = await recordAction(tx, {
          operatorId,
          action: 'suspend_member',
          subjectKind: 'member',
          subjectId: member.id,
          reason: why,
          detail: {
            hiddenItems,
            rentalsToCancel: upcoming,
            requestsToCancel: requests,
            extensionsToCancel: extensions,
            reportsClosed: closed,
          },
        });
        return { auditId, member };
      });
      onListingsChanged();
      // Waiting extensions first (an upcoming rental's would otherwise end with it as declined by the owner).
      for (const rentalId of extensions) await declineExtension(rentalId, SUSPENDED_REQUEST_REASON);
      let cancelled = 0;
      for (const rentalId of requests) if (await closeRequest(rentalId, SUSPENDED_REQUEST_REASON)) cancelled += 1;
      for (const rentalId of upcoming) if (await cancelRental(rentalId, SUSPENDED_CANCEL_REASON)) cancelled += 1;
      await mailer.send({
        to: done.member.email,
        subject: 'Your Toolshed account is suspended',
        text: `Hello ${done.member.name},\n\nToolshed's team has suspended your account:\n\n${why}\n\nYour listings are hidden, your upcoming bookings are cancelled with full refunds and requests still waiting for an answer are cancelled (nothing is charged for them). Contact support if you think this is a mistake.`,
      });
      return { done: true, auditId: done.auditId, cancelled };
    },

    async reinstate(operatorId: string, memberId: string, reason: unknown): Promise<OpsDone> {
      const why = requireReason(reason);
      refuseOwn(operatorId, memberId);
      const done = await repo.transaction(async (tx) => {
        const member = await repo.lockMember(tx, memberId);
        if (!member) throw memberNotFound();
        if (!member.suspendedAt) throw new AppError('CONFLICT', OPERATOR_MESSAGES.notSuspended);
        const hiddenItems = await repo.hiddenBySuspension(tx, member.id);
        await repo.reinstate(tx, member.id);
        await repo.setItemHidden(tx, hiddenItems, false);
        const auditId = await recordAction(tx, {
          operatorId,
          action: 'reinstate_member',
          subjectKind: 'member',
          subjectId: member.id,
          reason: why,
          detail: { shownItems: hiddenItems },
        });
        return { done: true as const, auditId };
      });
      onListingsChanged();
      return done;
    },
  };
}

export type MemberStanding = ReturnType<typeof memberStanding>;
