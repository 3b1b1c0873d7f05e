import { reportWebVitals } from './report-web-vitals.ts';

/**
 * What only a production build does once the page has loaded: measure web vitals, and install the
 * service worker (/sw.js), so a repeat visit opens from the cached app shell at once and a visit
 * without a network still shows the Mock Data catalogue. Development builds do neither: a cached
 * shell would hide the code being edited.
 */
export function startProductionExtras(): void {
  if (!import.meta.env.PROD) return;
  // The measurements belong to the page the visit landed on (LCP is its first paint), not to
  // wherever the app has navigated by the time the page has loaded or a measurement is final.
  const landing = window.location.pathname;
  window.addEventListener('load', () => {
    // Measured in production builds only, where the numbers mean something. The reporter is the
    // browser's own performance entries and 0.9 KB of the entry: a chunk of its own would cost a
    // request and more bytes than it saves (the entries before this point are kept by the browser).
    reportWebVitals(landing);
    if (!('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without it the app works as before, only without the offline shell.
    });
  });
}
