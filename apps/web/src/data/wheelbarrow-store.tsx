import { daysInclusive, isIsoDate, priceBasket, type CancellationPolicy } from '@toolshed/core';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export interface WheelbarrowLine {
  itemId: string;
  name: string;
  dailyRatePence: number;
  /** The item's weekly price when it has one (priced per full week by core's priceBasket). */
  weeklyRatePence?: number | null;
  /** A request-to-book item: the owner accepts first. */
  bookingMode?: 'instant' | 'request';
  /** The item's cancellation policy when it was put in (the server's answer wins). */
  cancellationPolicy?: CancellationPolicy;
  startDate: string;
  endDate: string;
  days: number;
  imageUrl: string | null;
}

export interface WheelbarrowValue {
  lines: WheelbarrowLine[];
  add(line: WheelbarrowLine): 'added' | 'already-present';
  remove(itemId: string): void;
  /** New dates for a line; its day count follows. */
  updateDates(itemId: string, startDate: string, endDate: string): void;
  clear(): void;
  /** Every line at once: the account's saved wheelbarrow after signing in. */
  replaceAll(lines: WheelbarrowLine[]): void;
  /** Sum of the line totals with the prices saved in the lines (the server's check may differ). */
  totalPence: number;
}

export const WHEELBARROW_STORAGE_KEY = 'toolshed.wheelbarrow.v1';

function isLine(value: unknown): value is WheelbarrowLine {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  // Dates must be real calendar dates and the day count must match them: pricing and display rely on it.
  return (
    typeof v.itemId === 'string' &&
    typeof v.name === 'string' &&
    Number.isSafeInteger(v.dailyRatePence) &&
    (v.dailyRatePence as number) >= 0 &&
    (v.weeklyRatePence === undefined ||
      v.weeklyRatePence === null ||
      (Number.isSafeInteger(v.weeklyRatePence) && (v.weeklyRatePence as number) >= 0)) &&
    typeof v.startDate === 'string' &&
    typeof v.endDate === 'string' &&
    isIsoDate(v.startDate) &&
    isIsoDate(v.endDate) &&
    Number.isSafeInteger(v.days) &&
    (v.days as number) >= 1 &&
    v.days === daysInclusive(v.startDate, v.endDate) &&
    (v.imageUrl === null || typeof v.imageUrl === 'string')
  );
}

/** Stored data may be from an older version or edited by hand: keep only well-formed lines. */
export function readStoredLines(raw: string | null): WheelbarrowLine[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isLine) : [];
  } catch {
    return [];
  }
}

function load(): WheelbarrowLine[] {
  try {
    return readStoredLines(localStorage.getItem(WHEELBARROW_STORAGE_KEY));
  } catch {
    return []; // storage can be blocked (private mode, policies)
  }
}

function save(lines: WheelbarrowLine[]): void {
  try {
    localStorage.setItem(WHEELBARROW_STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Not persisted, but the wheelbarrow still works for this page's lifetime.
  }
}

const WheelbarrowContext = createContext<WheelbarrowValue | null>(null);

export function WheelbarrowProvider({ children }: { children: ReactNode }) {
  const [lines, setLines] = useState<WheelbarrowLine[]>(load);
  // The latest lines, so two adds in the same tick still see each other.
  const current = useRef(lines);

  // Another tab changed the wheelbarrow: follow it.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== WHEELBARROW_STORAGE_KEY) return;
      current.current = readStoredLines(event.newValue);
      setLines(current.current);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const update = useCallback((next: WheelbarrowLine[]) => {
    current.current = next;
    save(next);
    setLines(next);
  }, []);

  const value = useMemo<WheelbarrowValue>(
    () => ({
      lines,
      add(line) {
        // An item is in the wheelbarrow at most once (the spec ignores a second add).
        if (current.current.some((l) => l.itemId === line.itemId)) return 'already-present';
        update([...current.current, line]);
        return 'added';
      },
      remove(itemId) {
        update(current.current.filter((l) => l.itemId !== itemId));
      },
      updateDates(itemId, startDate, endDate) {
        const days = daysInclusive(startDate, endDate);
        if (days < 1) return; // a reversed range is never stored
        update(current.current.map((l) => (l.itemId === itemId ? { ...l, startDate, endDate, days } : l)));
      },
      clear() {
        update([]);
      },
      replaceAll(next) {
        update(next.filter(isLine));
      },
      totalPence: priceBasket(lines).subtotalPence,
    }),
    [lines, update],
  );

  return <WheelbarrowContext.Provider value={value}>{children}</WheelbarrowContext.Provider>;
}

export function useWheelbarrow(): WheelbarrowValue {
  const value = useContext(WheelbarrowContext);
  if (!value) throw new Error('useWheelbarrow must be used inside WheelbarrowProvider');
  return value;
}
