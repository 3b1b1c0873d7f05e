import type { VitalPage, VitalReport } from '@toolshed/core/contract';

/** The kind of page, never its address: item and owner ids stay out of the summary. */
export function pageKind(pathname: string): VitalPage {
  if (/^\/category\/[^/]+\/item\//.test(pathname) || /^\/owner\/[^/]+\/item\//.test(pathname)) return 'item';
  if (pathname === '/' || pathname.startsWith('/category/')) return 'browse';
  if (pathname.startsWith('/owner/')) return 'owner';
  if (/^\/(checkout|payment)/.test(pathname)) return 'checkout';
  if (/^\/(login|profile|my-items|my-rentals|add-item|edit-item|rentals|notifications)/.test(pathname)) return 'account';
  return 'other';
}

interface Measured {
  name: string;
  value: number;
  rating: string;
}

type VitalName = VitalReport['name'];

/** The published thresholds (web.dev): at or under the first is good, over the second poor. */
const THRESHOLDS: Record<VitalName, [number, number]> = { LCP: [2500, 4000], INP: [200, 500], CLS: [0.1, 0.25] };

export function ratingOf(name: VitalName, value: number): VitalReport['rating'] {
  const [good, poor] = THRESHOLDS[name];
  return value <= good ? 'good' : value <= poor ? 'needs-improvement' : 'poor';
}

/** Sends one measurement; `keepalive` lets it leave while the page is being hidden or closed. */
export function sendVital(metric: Measured, pathname: string, send: typeof fetch = fetch): void {
  if (metric.name !== 'LCP' && metric.name !== 'INP' && metric.name !== 'CLS') return;
  const report = {
    name: metric.name,
    value: Math.max(0, Math.min(60_000, metric.value)),
    rating: metric.rating,
    page: pageKind(pathname),
  } as VitalReport;
  void send('/api/vitals', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metrics: [report] }),
    keepalive: true,
    credentials: 'omit',
  }).catch(() => {
    // A lost measurement is not worth bothering anyone about.
  });
}

/**
 * Cumulative Layout Shift as defined since 2021: shifts not caused by the visitor's input, in session
 * windows (each shift less than 1 s after the one before, a window at most 5 s long); the largest window counts.
 */
export function layoutShiftTracker() {
  let largest = 0;
  let session = 0;
  let first = 0;
  let last = 0;
  return {
    add(shift: { startTime: number; value: number; hadRecentInput: boolean }) {
      if (shift.hadRecentInput) return;
      if (session > 0 && shift.startTime - last < 1000 && shift.startTime - first < 5000) session += shift.value;
      else {
        session = shift.value;
        first = shift.startTime;
      }
      last = shift.startTime;
      largest = Math.max(largest, session);
    },
    value: () => largest,
  };
}

/**
 * Interaction to Next Paint: each interaction's longest event, and of those the 98th percentile,
 * which is the longest for fewer than 50 interactions, the second longest up to 99, and so on.
 * Null until the visitor has interacted.
 */
export function interactionTracker() {
  const longest = new Map<number, number>();
  return {
    add(event: { interactionId?: number; duration: number }) {
      if (!event.interactionId) return;
      longest.set(event.interactionId, Math.max(longest.get(event.interactionId) ?? 0, event.duration));
    },
    value(): number | null {
      if (longest.size === 0) return null;
      const durations = [...longest.values()].sort((a, b) => b - a);
      return durations[Math.min(durations.length - 1, Math.floor(longest.size / 50))]!;
    },
  };
}

/** Observes one kind of performance entry, earlier ones included; false where the browser does not have it. */
function observe(type: string, take: (entry: PerformanceEntry) => void, options: object = {}): PerformanceObserver | null {
  try {
    if (!PerformanceObserver.supportedEntryTypes.includes(type)) return null;
    const observer = new PerformanceObserver((list) => list.getEntries().forEach(take));
    observer.observe({ type, buffered: true, ...options });
    return observer;
  } catch {
    return null;
  }
}

/**
 * Measures Largest Contentful Paint, Interaction to Next Paint and Cumulative Layout Shift with the
 * browser's own performance entries, as the web-vitals definitions read them, and reports each to
 * the API under the kind of page the visit landed on: LCP once it is final (the first key press or
 * click, or the page being hidden), INP and CLS whenever the page is hidden with a value not sent
 * yet. Started once the page has loaded (see production-extras.ts). With no API (Mock Data from a static
 * server) the reports fail quietly and are dropped. Browsers without these entries report nothing.
 */
export function reportWebVitals(landing: string): void {
  const report = (name: VitalName, value: number) => sendVital({ name, value, rating: ratingOf(name, value) }, landing);
  const sent = new Map<VitalName, number>();
  const reportChanged = (name: VitalName, value: number | null) => {
    if (value === null || sent.get(name) === value) return;
    sent.set(name, value);
    report(name, value);
  };
  // A page opened in the background paints for nobody: its LCP is not the visitor's.
  let hiddenAt = document.visibilityState === 'hidden' ? 0 : Infinity;

  let lcp: number | null = null;
  const lcpObserver = observe('largest-contentful-paint', (entry) => {
    if (entry.startTime < hiddenAt) lcp = entry.startTime;
  });
  const finishLcp = () => {
    if (!lcpObserver) return;
    lcpObserver.takeRecords().forEach((entry) => {
      if (entry.startTime < hiddenAt) lcp = entry.startTime;
    });
    lcpObserver.disconnect();
    removeEventListener('keydown', finishLcp, true);
    removeEventListener('click', finishLcp, true);
    reportChanged('LCP', lcp);
  };
  addEventListener('keydown', finishLcp, true);
  addEventListener('click', finishLcp, true);

  const shifts = layoutShiftTracker();
  const clsObserver = observe('layout-shift', (entry) => shifts.add(entry as unknown as Parameters<typeof shifts.add>[0]));
  const interactions = interactionTracker();
  const take = (entry: PerformanceEntry) => interactions.add(entry as PerformanceEventTiming);
  // 40 ms as web-vitals asks: shorter events never decide the 98th percentile of a page anyone waits on.
  const inpObserver = observe('event', take, { durationThreshold: 40 });
  // The first input is recorded whatever its duration, so a page with one quick tap has an INP too.
  const firstInputObserver = observe('first-input', take);

  addEventListener(
    'visibilitychange',
    () => {
      if (document.visibilityState !== 'hidden') return;
      hiddenAt = Math.min(hiddenAt, performance.now());
      finishLcp();
      clsObserver?.takeRecords().forEach((entry) => shifts.add(entry as unknown as Parameters<typeof shifts.add>[0]));
      if (clsObserver) reportChanged('CLS', shifts.value());
      inpObserver?.takeRecords().forEach(take);
      firstInputObserver?.takeRecords().forEach(take);
      reportChanged('INP', interactions.value());
    },
    true,
  );
}
