import type { VitalPage, VitalReport } from '@toolshed/core/contract';
import { onCLS, onINP, onLCP } from 'web-vitals';

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
 * Measures Largest Contentful Paint, Interaction to Next Paint and Cumulative Layout Shift in the
 * browser (web-vitals; this module is loaded after the page, see production-extras.ts) and reports each to the API once it is final, under the
 * kind of page the visit landed on. With no
 * API (Mock Data from a static server) the reports fail quietly and are dropped.
 */
export function reportWebVitals(landing: string): void {
  const report = (metric: Measured) => sendVital(metric, landing);
  onLCP(report);
  onINP(report);
  onCLS(report);
}
