/**
 * Alerts of saved searches: a listing new or listed again is matched on the job queue against every
 * running search; an instant search's member is told at once (in the app, and by email when their
 * email notifications are on), a daily one's in the morning's digest, one notice per search. A member
 * is told at once of at most INSTANT_ALERTS_PER_HOUR listings an hour; the rest wait for the digest. Every
 * alert email carries a one-click unsubscribe that stops that search only (RFC 8058 headers, and a
 * link that needs no sign-in).
 */
import { formatPence } from '@toolshed/core';
import { INSTANT_ALERTS_PER_HOUR } from '@toolshed/core/contract';
import type { Db, Executor } from '../../db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import type { EmailRenderer, Notice } from '../notifications/notifier.ts';
import type { InstantAlertsRepository } from './instant-alerts-repository.ts';
import type { SavedSearchesRepository, Hit } from './saved-searches-repository.ts';

export const MATCH_JOB = 'search-alerts.match';
export const DIGEST_JOB = 'search-alerts.digest';
/** The morning digest's London time. */
export const DIGEST_AT = '08:00';
const DIGEST_LISTED = 5;
const HOUR_MS = 60 * 60 * 1000;

const itemPath = (hit: Pick<Hit, 'categoryId' | 'itemId'>) => `/category/${hit.categoryId}/item/${hit.itemId}`;
const where = (hit: Hit) => (hit.city ? ` in ${hit.city}` : '');
const line = (hit: Hit) => `${hit.itemName}, ${formatPence(hit.dailyRatePence)} a day${where(hit)}`;

/**
 * A member told once of a listing, however many of their instant searches it answers: the hits
 * grouped by member, each group's first search (the one its unsubscribe link stops) first.
 */
function onePerMember(hits: readonly Hit[]): Hit[][] {
  const byMember = new Map<string, Hit[]>();
  for (const hit of hits) byMember.set(hit.userId, [...(byMember.get(hit.userId) ?? []), hit]);
  return [...byMember.values()];
}

/** The instant alert of a listing for one member: the search it answers, or the first and how many more. */
function instantNotice(hits: readonly Hit[]): Notice {
  const hit = hits[0]!;
  const others = hits.length - 1;
  const more = others === 0 ? '' : ` and ${others} more of your saved ${others === 1 ? 'search' : 'searches'}`;
  return {
    userId: hit.userId,
    kind: 'search.alert',
    title: `New for "${hit.searchName}": ${hit.itemName}`,
    body: `${line(hit)}, matches your saved search "${hit.searchName}"${more}.`,
    link: itemPath(hit),
    tab: 'items',
    groupKey: `item:${hit.itemId}`,
    itemId: hit.itemId,
    eventKey: `search-alert:${hit.searchId}:${hit.itemId}`,
  };
}

/** Enqueues the matching of a listing (inside the transaction that listed it, so it is never lost). */
export async function enqueueMatch(jobs: JobQueue, executor: Executor, itemId: string, at: Date): Promise<void> {
  await jobs.enqueue(MATCH_JOB, { itemId }, { key: `${MATCH_JOB}:${itemId}:${at.getTime()}` }, executor);
}

export function registerSearchAlerts(deps: {
  db: Db;
  jobs: JobQueue;
  repo: SavedSearchesRepository;
  caps: InstantAlertsRepository;
  notifyMany: (executor: Executor, notices: readonly Notice[]) => Promise<number>;
}) {
  const { db, jobs, repo, caps, notifyMany } = deps;

  // Three statements a listing, however many members it tells: the match (its instant matches kept
  // as sent), the hourly cap for all its members at once, and their notices with their email jobs.
  jobs.register<{ itemId: string }>(MATCH_JOB, async ({ itemId }, { now }) => {
    await db.transaction(async (tx) => {
      const instant = (await repo.matchItem(tx, itemId, now)).filter((h) => h.frequency === 'instant');
      const held = await caps.holdOverCap(tx, itemId, instant, new Date(now.getTime() - HOUR_MS), INSTANT_ALERTS_PER_HOUR);
      await notifyMany(tx, onePerMember(instant.filter((h) => !held.has(h.userId))).map(instantNotice));
    });
  });

  jobs.daily(DIGEST_JOB, DIGEST_AT, async (payload: { date: string }, { now }) => {
    await db.transaction(async (tx) => {
      const due = await repo.digestDue(tx);
      const paths = await repo.pathsOf(
        tx,
        due.map((d) => d.searchId),
      );
      await notifyMany(
        tx,
        due.map((d) => {
          const n = d.items.length;
          const listed = d.items.slice(0, DIGEST_LISTED).map(line);
          const more = n > DIGEST_LISTED ? ` and ${n - DIGEST_LISTED} more` : '';
          return {
            userId: d.userId,
            kind: 'search.alert',
            title: `${n} new ${n === 1 ? 'match' : 'matches'} for "${d.searchName}"`,
            body: `New since yesterday: ${listed.join('; ')}${more}.`,
            link: paths.get(d.searchId) ?? '/saved-searches',
            tab: 'items',
            groupKey: `search:${d.searchId}`,
            eventKey: `search-digest:${d.searchId}:${payload.date}`,
          };
        }),
      );
      await repo.markSent(
        tx,
        due.flatMap((d) => d.items),
        now,
      );
    });
  });
}

/** The search a stored alert notice belongs to (its event key names it). */
export function alertSearchId(eventKey: string | null): string | null {
  const m = /^search-(?:alert|digest):([0-9a-f-]{36}):/.exec(eventKey ?? '');
  return m ? m[1]! : null;
}

/**
 * An alert's email: the notice's words and link, and the one-click unsubscribe of its search (the
 * `List-Unsubscribe` and `List-Unsubscribe-Post` headers a mail client's button uses, and the link
 * in the text), which stops that search only. Nothing is sent for a search deleted since.
 */
export function alertEmailRenderer(db: Db, repo: SavedSearchesRepository, appUrl: string): EmailRenderer {
  return async (n, to) => {
    const searchId = alertSearchId(n.eventKey);
    const search = searchId ? await repo.token(db, searchId) : undefined;
    if (!search) return null;
    const stopUrl = `${appUrl}/alerts/stop/${search.token}`;
    const oneClick = `${appUrl}/api/saved-searches/unsubscribe/${search.token}`;
    const url = `${appUrl}${n.link ?? '/saved-searches'}`;
    const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const text = [
      `Hello ${to.name},`,
      '',
      n.body,
      '',
      `Have a look: ${url}`,
      '',
      `You get this email because you saved the search "${search.name}" on Toolshed.`,
      `Stop alerts for this search: ${stopUrl}`,
      `Manage your saved searches: ${appUrl}/saved-searches`,
      '',
      'Toolshed',
    ].join('\n');
    const html = `<!doctype html><html lang="en-GB"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>Hello ${escape(to.name)},</p>
<p>${escape(n.body)}</p>
<p><a href="${escape(url)}" style="background:#065f46;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">Have a look</a></p>
<p style="font-size:13px;color:#4b5563">You get this email because you saved the search "${escape(search.name)}" on Toolshed.
<a href="${escape(stopUrl)}">Stop alerts for this search</a> · <a href="${escape(appUrl)}/saved-searches">Manage your saved searches</a></p>
<p>Toolshed</p></body></html>`;
    const message: MailMessage = {
      to: to.email,
      subject: n.title,
      text,
      html,
      headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
    return message;
  };
}
