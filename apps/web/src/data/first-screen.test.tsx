import { QueryClient } from '@tanstack/react-query';
import { FIRST_SCREEN_ELEMENT_ID, type FirstScreenData } from '@toolshed/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { categories, fakeFetch, item, itemsPage, json } from '../test/fake-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { categoriesKey } from './get-categories.ts';
import { itemKey } from './get-item.ts';
import { itemsKey } from './get-items.ts';
import { seedFirstScreen, takeFirstScreen } from './first-screen.ts';

const NOW = Date.parse('2026-11-23T10:00:00Z');

function data(overrides: Partial<FirstScreenData> = {}): FirstScreenData {
  return { at: NOW, categories, items: { categoryId: 'all', query: '', page: itemsPage([item()]) }, ...overrides };
}

/** Puts the data in the document the way the server does. */
function embed(text: string): HTMLElement {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_SCREEN_ELEMENT_ID;
  script.textContent = text;
  document.body.append(script);
  return script;
}

afterEach(() => document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.remove());

describe('takeFirstScreen', () => {
  it('reads the data once and removes the element', () => {
    embed(JSON.stringify(data()).replace(/</g, '\\u003c'));
    expect(takeFirstScreen(document, NOW + 1_000, false)).toEqual(data());
    expect(document.getElementById(FIRST_SCREEN_ELEMENT_ID)).toBeNull();
    expect(takeFirstScreen(document, NOW + 1_000, false)).toBeNull();
  });

  it('ignores data older than the categories stay fresh (a copy the service worker kept)', () => {
    embed(JSON.stringify(data()));
    expect(takeFirstScreen(document, NOW + 61_000, false)).toBeNull();
  });

  it('ignores the data of a page the service worker answered from its stored copy, and removes it', () => {
    embed(JSON.stringify(data()));
    expect(takeFirstScreen(document, NOW, true)).toBeNull();
    expect(document.getElementById(FIRST_SCREEN_ELEMENT_ID)).toBeNull();
  });

  it.each([['not json'], ['{"at":1}'], ['null']])('ignores a malformed element: %s', (text) => {
    embed(text);
    expect(takeFirstScreen(document, NOW, false)).toBeNull();
  });
});

describe('seedFirstScreen', () => {
  it("fills the browse hooks' keys, as fetched when the server read them", () => {
    const client = new QueryClient();
    const detail = { id: 'item-1' } as FirstScreenData['item'];
    seedFirstScreen(client, data({ at: NOW - 5_000, item: detail }), NOW);
    expect(client.getQueryData(categoriesKey)).toEqual(categories);
    expect(client.getQueryData(itemsKey('all', ''))).toEqual(data().items!.page);
    expect(client.getQueryData(itemKey('item-1'))).toEqual(detail);
    expect(client.getQueryState(categoriesKey)?.dataUpdatedAt).toBe(NOW - 5_000);
  });

  it('leaves out what is past its own freshness, and never dates data after now', () => {
    const client = new QueryClient();
    seedFirstScreen(client, data({ at: NOW - 40_000 }), NOW);
    expect(client.getQueryData(categoriesKey)).toEqual(categories);
    expect(client.getQueryData(itemsKey('all', ''))).toBeUndefined();

    const ahead = new QueryClient();
    seedFirstScreen(ahead, data({ at: NOW + 90_000 }), NOW);
    expect(ahead.getQueryState(categoriesKey)?.dataUpdatedAt).toBe(NOW);
  });
});

describe('the app on a page with embedded data', () => {
  it('renders the first screen from it, in API mode, without asking the API for categories or items', async () => {
    const api = fakeFetch({ '/api/auth/get-session': () => json(null) });
    embed(JSON.stringify(data({ at: Date.now() })));
    renderApp('/category/all');

    // Already on the first render: no 'Loading...' step, no request.
    expect(screen.getByRole('heading', { level: 1, name: 'All Items' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Petrol Lawn Mower' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.queryByText('Mock Data')).toBeNull();
    expect(document.getElementById(FIRST_SCREEN_ELEMENT_ID)).toBeNull();
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    expect(api.calls.filter((u) => u.pathname.startsWith('/api/categories'))).toEqual([]);
  });
});
