import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatPence } from '@toolshed/core';
import { sampleItem } from '@toolshed/core/sample-catalogue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render-app.tsx';

/** Mock Data mode: no API behind the page, so the app serves the sample catalogue. */
function withoutApi() {
  const fetch = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Everything the page asked for once the app knew there was no API: nothing at all. */
const accountCalls = (fetch: ReturnType<typeof withoutApi>) =>
  fetch.mock.calls.map(([url]) => String(url)).filter((url) => /\/api\/(wanted|me|saved)/.test(url));

describe('account screens in Mock Data mode', () => {
  let fetch: ReturnType<typeof withoutApi>;
  beforeEach(() => {
    fetch = withoutApi();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the wanted board read-only from sample posts, saying it is sample data, instead of sending to sign-in', async () => {
    const app = renderApp('/wanted');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wanted near you' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Pressure washer for a patio' })).toHaveAttribute('href', '/wanted/sample-wanted-1');
    expect(screen.getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('note')).toHaveTextContent('This is sample data.');
    // Nothing to post from here: asking needs an account.
    expect(screen.queryByRole('link', { name: "Can't find it? Ask your neighbours" })).toBeNull();
    expect(app.url()).toBe('/wanted');
    expect(accountCalls(fetch)).toEqual([]);
  });

  it('opens a sample wanted post with its offer button disabled and why', async () => {
    const user = userEvent.setup();
    const app = renderApp('/wanted');
    await user.click(await screen.findByRole('link', { name: 'Long ladder, 4 metres or more' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Long ladder, 4 metres or more' })).toBeInTheDocument();
    expect(app.url()).toBe('/wanted/sample-wanted-3');
    expect(screen.getByText('Grace is looking for')).toBeInTheDocument();
    expect(screen.getByText('To clear the gutters on a two-storey house.')).toBeInTheDocument();
    const offer = screen.getByRole('button', { name: 'Offer an item' });
    expect(offer).toBeDisabled();
    expect(offer).toHaveAccessibleDescription('Offering an item needs an account: sign in once Toolshed is back.');
    expect(screen.getByRole('note')).toHaveTextContent('This is sample data.');
  });

  it('says a wanted post that is not a sample is not found', async () => {
    renderApp('/wanted/someone-elses');
    expect(await screen.findByText('Wanted post not found')).toBeInTheDocument();
  });

  it('shows "ask your neighbours" as a disabled sample form instead of sending to sign-in', async () => {
    const app = renderApp('/wanted/new');
    expect(await screen.findByRole('heading', { level: 1, name: "Can't find it? Ask your neighbours" })).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Ask your neighbours' });
    expect(within(form).getByLabelText('What do you need?')).toBeDisabled();
    expect(within(form).getByLabelText('Where')).toBeDisabled();
    const ask = within(form).getByRole('button', { name: 'Ask your neighbours' });
    expect(ask).toBeDisabled();
    expect(ask).toHaveAccessibleDescription('Asking your neighbours needs an account: sign in once Toolshed is back.');
    expect(screen.getByRole('note')).toHaveTextContent('This is sample data.');
    expect(app.url()).toBe('/wanted/new');
    expect(accountCalls(fetch)).toEqual([]);
  });

  it("shows My wanted posts from the sample's own posts, and opens one read-only", async () => {
    const user = userEvent.setup();
    const app = renderApp('/my-wanted');
    expect(await screen.findByRole('heading', { level: 1, name: 'My wanted posts' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Sample wanted posts of your own' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Open · 2 offers');
    expect(entries[1]).toHaveTextContent('Ended: its dates have passed · 0 offers');
    expect(screen.getByRole('note')).toHaveTextContent('This is sample data.');
    expect(app.url()).toBe('/my-wanted');
    await user.click(within(entries[0]!).getByRole('link', { name: 'Carpet cleaner for a weekend' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Carpet cleaner for a weekend' })).toBeInTheDocument();
    expect(app.url()).toBe('/wanted/sample-my-wanted-1');
    expect(screen.getByText('Your wanted post')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Offers (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close this post' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Offer an item' })).toBeNull();
    expect(accountCalls(fetch)).toEqual([]);
  });

  it('shows the Saved page from sample items with price and town, Remove disabled', async () => {
    const app = renderApp('/saved');
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Sample saved items' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    const mower = sampleItem('garden-mower-1')!;
    expect(within(entries[0]!).getByRole('link', { name: mower.name })).toHaveAttribute('href', `/category/garden-tools/item/${mower.key}`);
    expect(entries[0]).toHaveTextContent(`${formatPence(mower.dailyRatePence)} / day`);
    expect(entries[0]).toHaveTextContent(mower.city);
    for (const entry of entries) expect(within(entry).getByRole('button', { name: /^Remove/ })).toBeDisabled();
    expect(screen.getByRole('note')).toHaveTextContent('This is sample data.');
    expect(app.url()).toBe('/saved');
    expect(accountCalls(fetch)).toEqual([]);
  });

  it('shows the saved searches page from sample searches: results open, nothing else changes', async () => {
    const app = renderApp('/saved-searches');
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved searches' })).toBeInTheDocument();
    const results = await screen.findByRole('link', { name: /^See the results of Hedge trimmer near / });
    expect(results.getAttribute('href')).toMatch(/^\/category\/garden-tools\?search=hedge\+trimmer&near=/);
    expect(screen.getByText('Camping gear up to £15 a day')).toBeInTheDocument();
    for (const name of ['Rename', 'Pause alerts', 'Delete']) {
      for (const button of screen.getAllByRole('button', { name })) expect(button).toBeDisabled();
    }
    expect(screen.getByRole('note')).toHaveTextContent('This is sample data.');
    expect(app.url()).toBe('/saved-searches');
    expect(accountCalls(fetch)).toEqual([]);
  });
});
