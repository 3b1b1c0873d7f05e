import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { item, itemsPage, json } from '../../../test/fake-api.ts';
import { deferred, fakeServer, suggestionsFor } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';

type HappyWindow = Window & { happyDOM: { setViewport(size: { width: number; height: number }): void } };
const viewport = (width: number, height: number) => (window as unknown as HappyWindow).happyDOM.setViewport({ width, height });

afterEach(() => viewport(1024, 768));

const SUGGESTIONS = '/api/search/suggestions';

function setup(path: string, routes: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({ 'GET /api/categories/[^/]+/items': () => json(itemsPage([item()])), ...routes });
  const app = renderApp(path);
  /** The words each suggestions request asked for, in order. */
  const asked = () => server.sent('GET', SUGGESTIONS).map((c) => c.url.searchParams.get('q'));
  return { server, app, asked };
}

const welcomeBox = () => screen.findByRole('combobox', { name: 'What do you need?' });
/** The options of the one list open. */
const options = () => within(screen.getByRole('listbox', { name: 'Suggestions' })).getAllByRole('option');
const activeOption = (box: HTMLElement) => {
  const id = box.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

describe('suggestions while typing in the first screen search', () => {
  it('is a combobox that lists item names and categories from two characters, asking once typing pauses', async () => {
    const user = userEvent.setup({ delay: null });
    const { asked } = setup('/category/all');
    const box = await welcomeBox();
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(box.getAttribute('aria-controls') ?? '');
    expect(list).toHaveAttribute('role', 'listbox');
    expect(list).not.toBeVisible();

    await user.type(box, 'l');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(asked()).toEqual([]); // one character suggests nothing

    await user.type(box, 'aw');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    expect(options().map((o) => o.textContent)).toEqual(['Petrol Lawn Mower', 'Lawn Scarifier']);
    expect(screen.getByText('2 suggestions').closest('[role="status"]')).not.toBeNull();
    // The keys came back to back: only the words as they stood when typing paused were asked for.
    expect(asked()).toEqual(['law']);
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  it('moves through the suggestions with ArrowDown and ArrowUp, round the ends, and Enter opens the item popup', async () => {
    const user = userEvent.setup();
    const { app } = setup('/category/all');
    const box = await welcomeBox();
    await user.type(box, 'law');
    await waitFor(() => expect(options()).toHaveLength(2));

    await user.keyboard('{ArrowDown}');
    expect(activeOption(box)).toHaveTextContent('Petrol Lawn Mower');
    expect(activeOption(box)).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(box)).toHaveTextContent('Lawn Scarifier');
    expect(options()[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}');
    expect(activeOption(box)).toHaveTextContent('Petrol Lawn Mower');
    await user.keyboard('{ArrowUp}');
    expect(activeOption(box)).toHaveTextContent('Lawn Scarifier');
    expect(box).toHaveFocus();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(app.url()).toBe('/category/garden-tools/item/item-2'));
  });

  it('with no suggestion active, Enter searches for the words as before', async () => {
    const user = userEvent.setup();
    const { app } = setup('/category/all');
    const box = await welcomeBox();
    await user.type(box, 'law');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(app.url()).toBe('/category/all?search=law'));
  });

  it('Escape closes the list and keeps the words; typing or ArrowDown opens it again', async () => {
    const user = userEvent.setup();
    setup('/category/all');
    const box = await welcomeBox();
    await user.type(box, 'drill');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{ArrowDown}');

    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveValue('drill');
    expect(document.getElementById(box.getAttribute('aria-controls') ?? '')).not.toBeVisible();

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(activeOption(box)).toHaveTextContent('Cordless Drill');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, '{Backspace}');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  it('a click on a category opens it, without the words', async () => {
    const user = userEvent.setup();
    const { app } = setup('/category/all');
    const box = await welcomeBox();
    await user.type(box, 'power');
    const category = await screen.findByRole('option', { name: /^Power Tools\s*, category$/ });
    await user.click(category);
    await waitFor(() => expect(app.url()).toBe('/category/power-tools'));
  });

  it('closes when the box loses the focus, and says nothing then', async () => {
    const user = userEvent.setup();
    setup('/category/all');
    const box = await welcomeBox();
    await user.type(box, 'law');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    await user.tab();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('2 suggestions')).toBeNull();
  });

  it('keeps one request in flight: new words abort the request for the old ones, and only their answer shows', async () => {
    const user = userEvent.setup();
    const first = deferred();
    const { server, asked } = setup('/category/all', {
      [`GET ${SUGGESTIONS}`]: ({ url }) => {
        const q = url.searchParams.get('q') ?? '';
        return q === 'dr' ? first.promise : json(suggestionsFor(q));
      },
    });
    const box = await welcomeBox();
    await user.type(box, 'dr');
    await waitFor(() => expect(asked()).toEqual(['dr']));
    const [waiting] = server.sent('GET', SUGGESTIONS);
    expect(waiting!.signal?.aborted).toBe(false);

    await user.type(box, 'ill');
    await waitFor(() => expect(asked()).toEqual(['dr', 'drill']));
    expect(waiting!.signal?.aborted).toBe(true);
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    expect(options().map((o) => o.textContent)).toEqual(['Cordless Drill', 'Hammer Drill']);

    // The old answer, arriving late, changes nothing.
    first.release(json({ query: 'dr', suggestions: [{ kind: 'item', id: 'x', label: 'Drum Kit', categoryId: 'power-tools' }] }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(options().map((o) => o.textContent)).toEqual(['Cordless Drill', 'Hammer Drill']);
  });

  it('shows nothing when the suggestions cannot be had, and the search still works', async () => {
    const user = userEvent.setup();
    const { app } = setup('/category/all', {
      [`GET ${SUGGESTIONS}`]: () => json({ error: { code: 'INTERNAL', message: 'Something went wrong' } }, 500),
    });
    const box = await welcomeBox();
    await user.type(box, 'law');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(app.url()).toBe('/category/all?search=law'));
  });
});

describe("suggestions in the filters' search", () => {
  it('asks nothing for the words the address put in the box, only for words typed there', async () => {
    const user = userEvent.setup({ delay: null });
    const { asked } = setup('/category/all?search=lawn');
    const box = await screen.findByRole('combobox', { name: 'Search' });
    expect(box).toHaveValue('lawn');
    await user.click(box);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked()).toEqual([]);
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await user.type(box, '{Backspace}');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    expect(asked()).toEqual(['law']);
  });

  it('opens a picked item without writing the words typed into the address', async () => {
    const user = userEvent.setup();
    const { app } = setup('/category/power-tools?maxPrice=20');
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(box, 'dri');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(app.url()).toBe('/category/power-tools/item/item-4'));
    // The pause that would have written 'dri' has passed: the words were dropped, not written.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(app.url()).toBe('/category/power-tools/item/item-4');
    expect(app.router.state.location.state).toEqual({ openedFromList: true });
  });

  it('still writes the words after a pause, and Enter with none active writes them at once', async () => {
    const user = userEvent.setup();
    const { app } = setup('/category/all?maxPrice=20');
    const box = await screen.findByRole('combobox', { name: 'Search' });
    await user.type(box, 'law');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(app.url()).toBe('/category/all?maxPrice=20&search=law'));
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('on a phone, the one search box is on the screen, not in the Filters sheet', async () => {
    viewport(390, 844);
    const user = userEvent.setup();
    setup('/category/power-tools');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    expect(screen.getAllByRole('combobox', { name: 'Search' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(sheet).queryByRole('combobox', { name: 'Search' })).toBeNull();
  });

  it('on a phone, picking a suggestion opens it', async () => {
    viewport(390, 844);
    const user = userEvent.setup();
    const { app } = setup('/category/power-tools');
    await screen.findByRole('link', { name: 'Petrol Lawn Mower' });
    await user.type(screen.getByRole('combobox', { name: 'Search' }), 'garden');
    await user.click(await screen.findByRole('option', { name: /^Garden Tools\s*, category$/ }));
    await waitFor(() => expect(app.url()).toBe('/category/garden-tools'));
  });
});
