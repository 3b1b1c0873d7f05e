import { useCallback, useSyncExternalStore } from 'react';
import type { LineDates } from './check-wheelbarrow.ts';

/**
 * The handover times chosen at checkout, per wheelbarrow line and its dates, kept for this tab
 * (sessionStorage) until the payment page sends them with the order. New dates forget the old times.
 */
export interface HandoverChoice {
  pickupTime?: string;
  returnTime?: string;
}

const KEY = 'toolshed.handover-times.v1';
const listeners = new Set<() => void>();
let cache: { raw: string | null; value: Record<string, HandoverChoice> } = { raw: null, value: {} };

const lineKey = (line: LineDates) => `${line.itemId}|${line.startDate}|${line.endDate}`;

function read(): Record<string, HandoverChoice> {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
  } catch {
    return cache.value; // storage can be blocked: the choices live in memory only
  }
  if (raw === cache.raw) return cache.value;
  let value: Record<string, HandoverChoice> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') value = parsed as Record<string, HandoverChoice>;
  } catch {
    value = {};
  }
  cache = { raw, value };
  return value;
}

function write(value: Record<string, HandoverChoice>): void {
  const raw = JSON.stringify(value);
  cache = { raw, value };
  try {
    sessionStorage.setItem(KEY, raw);
  } catch {
    // kept in memory
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The lines as the order sends them: each with the times chosen for its dates. */
export function withHandoverTimes<T extends LineDates>(lines: readonly T[]): Array<LineDates & HandoverChoice> {
  const all = read();
  return lines.map((l) => ({ itemId: l.itemId, startDate: l.startDate, endDate: l.endDate, ...all[lineKey(l)] }));
}

export function useHandoverChoices() {
  const all = useSyncExternalStore(subscribe, read, read);
  const choiceOf = useCallback((line: LineDates): HandoverChoice => all[lineKey(line)] ?? {}, [all]);
  const choose = useCallback((line: LineDates, side: 'pickup' | 'return', time: string) => {
    const current = read();
    const key = lineKey(line);
    const next = { ...current[key], [side === 'pickup' ? 'pickupTime' : 'returnTime']: time || undefined };
    write({ ...current, [key]: next });
  }, []);
  return { choiceOf, choose };
}
