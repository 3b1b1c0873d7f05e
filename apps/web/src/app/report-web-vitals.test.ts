import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { interactionTracker, layoutShiftTracker, pageKind, ratingOf, reportWebVitals, sendVital } from './report-web-vitals.ts';

describe('pageKind', () => {
  it.each([
    ['/', 'browse'],
    ['/category/all', 'browse'],
    ['/category/power-tools/item/4b1c', 'item'],
    ['/owner/u-1', 'owner'],
    ['/owner/u-1/item/4b1c', 'item'],
    ['/checkout', 'checkout'],
    ['/payment/card', 'checkout'],
    ['/my-rentals', 'account'],
    ['/help', 'other'],
  ])('%s is %s', (path, kind) => {
    expect(pageKind(path)).toBe(kind);
  });
});

describe('sendVital', () => {
  it('posts the metric with the page kind, never the address, and keeps it alive past page hide', () => {
    const send = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    sendVital({ name: 'LCP', value: 1834.6, rating: 'good' }, '/owner/secret-id', send as unknown as typeof fetch);
    expect(send).toHaveBeenCalledTimes(1);
    const [url, init] = send.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/vitals');
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(init.body as string)).toEqual({ metrics: [{ name: 'LCP', value: 1834.6, rating: 'good', page: 'owner' }] });
    expect(init.body).not.toContain('secret-id');
  });

  it('sends nothing for metrics the API does not summarise', () => {
    const send = vi.fn();
    sendVital({ name: 'TTFB', value: 100, rating: 'good' }, '/', send as unknown as typeof fetch);
    expect(send).not.toHaveBeenCalled();
  });
});

describe('ratingOf', () => {
  it.each([
    ['LCP', 2500, 'good'],
    ['LCP', 2501, 'needs-improvement'],
    ['LCP', 4001, 'poor'],
    ['INP', 200, 'good'],
    ['INP', 350, 'needs-improvement'],
    ['INP', 501, 'poor'],
    ['CLS', 0, 'good'],
    ['CLS', 0.2, 'needs-improvement'],
    ['CLS', 0.26, 'poor'],
  ] as const)('%s %d is %s', (name, value, rating) => {
    expect(ratingOf(name, value)).toBe(rating);
  });
});

describe('layoutShiftTracker', () => {
  it('sums shifts less than a second apart into one window and keeps the largest window', () => {
    const cls = layoutShiftTracker();
    cls.add({ startTime: 100, value: 0.05, hadRecentInput: false });
    cls.add({ startTime: 900, value: 0.05, hadRecentInput: false });
    // More than a second after the last one: a new window, smaller than the first.
    cls.add({ startTime: 2_500, value: 0.08, hadRecentInput: false });
    expect(cls.value()).toBeCloseTo(0.1);
  });

  it('ignores shifts right after the visitor’s input', () => {
    const cls = layoutShiftTracker();
    cls.add({ startTime: 100, value: 0.3, hadRecentInput: true });
    expect(cls.value()).toBe(0);
  });

  it('closes a window after five seconds even when the shifts keep coming', () => {
    const cls = layoutShiftTracker();
    for (let t = 0; t <= 6_000; t += 500) cls.add({ startTime: t, value: 0.01, hadRecentInput: false });
    // 0 to 4,500 ms: ten shifts in the first window; the rest start a second one.
    expect(cls.value()).toBeCloseTo(0.1);
  });
});

describe('interactionTracker', () => {
  it('has no value before any interaction, and ignores events that are not interactions', () => {
    const inp = interactionTracker();
    inp.add({ duration: 300 });
    expect(inp.value()).toBeNull();
  });

  it('takes each interaction’s longest event, and the longest interaction under 50 interactions', () => {
    const inp = interactionTracker();
    inp.add({ interactionId: 1, duration: 48 });
    inp.add({ interactionId: 1, duration: 120 });
    inp.add({ interactionId: 2, duration: 80 });
    expect(inp.value()).toBe(120);
  });

  it('skips the longest from 50 interactions on (the 98th percentile)', () => {
    const inp = interactionTracker();
    for (let id = 1; id <= 50; id++) inp.add({ interactionId: id, duration: id === 7 ? 900 : 100 + id });
    expect(inp.value()).toBe(150);
  });
});

/** A stand-in for the browser's observer: the test hands each kind of entry to the observers of that kind. */
class FakeObserver {
  static supportedEntryTypes = ['largest-contentful-paint', 'layout-shift', 'event', 'first-input'];
  static all: FakeObserver[] = [];
  type = '';
  pending: object[] = [];
  constructor(private readonly callback: (list: { getEntries(): object[] }) => void) {
    FakeObserver.all.push(this);
  }
  observe({ type }: { type: string }) {
    this.type = type;
  }
  takeRecords() {
    const taken = this.pending;
    this.pending = [];
    return taken;
  }
  disconnect() {
    this.type = 'disconnected';
  }
  static emit(type: string, entries: object[]) {
    for (const o of FakeObserver.all.filter((x) => x.type === type)) o.callback({ getEntries: () => entries });
  }
}

describe('reportWebVitals', () => {
  let visibility: DocumentVisibilityState = 'visible';
  const sent = () =>
    vi.mocked(fetch).mock.calls.map(([, init]) => (JSON.parse((init as RequestInit).body as string) as { metrics: object[] }).metrics[0]);

  beforeEach(() => {
    visibility = 'visible';
    FakeObserver.all = [];
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 204 }))),
    );
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  const hide = () => {
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
  };

  it('reports the last LCP candidate once the visitor first presses a key or clicks, and only once', () => {
    reportWebVitals('/category/all');
    FakeObserver.emit('largest-contentful-paint', [{ startTime: 900 }]);
    FakeObserver.emit('largest-contentful-paint', [{ startTime: 1_840 }]);
    expect(fetch).not.toHaveBeenCalled();
    document.body.click();
    FakeObserver.emit('largest-contentful-paint', [{ startTime: 5_000 }]);
    hide();
    expect(sent()).toEqual([
      { name: 'LCP', value: 1_840, rating: 'good', page: 'browse' },
      { name: 'CLS', value: 0, rating: 'good', page: 'browse' },
    ]);
  });

  it('reports LCP, CLS and INP when the page is hidden, under the page the visit landed on', () => {
    reportWebVitals('/category/all/item/4b1c');
    FakeObserver.emit('largest-contentful-paint', [{ startTime: 2_900 }]);
    FakeObserver.emit('layout-shift', [{ startTime: 1_000, value: 0.12, hadRecentInput: false }]);
    FakeObserver.emit('first-input', [{ interactionId: 3, duration: 24 }]);
    FakeObserver.emit('event', [{ interactionId: 4, duration: 260 }]);
    hide();
    expect(sent()).toEqual([
      { name: 'LCP', value: 2_900, rating: 'needs-improvement', page: 'item' },
      { name: 'CLS', value: 0.12, rating: 'needs-improvement', page: 'item' },
      { name: 'INP', value: 260, rating: 'needs-improvement', page: 'item' },
    ]);
  });

  it('sends CLS and INP again on a later hide only when they changed', () => {
    reportWebVitals('/');
    FakeObserver.emit('event', [{ interactionId: 1, duration: 64 }]);
    hide();
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    hide();
    FakeObserver.emit('event', [{ interactionId: 2, duration: 560 }]);
    hide();
    expect(sent().map((m) => `${(m as { name: string }).name} ${(m as { value: number }).value}`)).toEqual(['CLS 0', 'INP 64', 'INP 560']);
  });

  it('leaves out the paints after the page was first hidden', () => {
    reportWebVitals('/category/all');
    hide();
    FakeObserver.emit('largest-contentful-paint', [{ startTime: 99_000 }]);
    expect(sent().find((m) => (m as { name: string }).name === 'LCP')).toBeUndefined();
  });
});
