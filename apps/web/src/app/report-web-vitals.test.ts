import { describe, expect, it, vi } from 'vitest';
import { pageKind, sendVital } from './report-web-vitals.ts';

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
