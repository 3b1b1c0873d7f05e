import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ItemLocation as Location } from '@toolshed/core/contract';
import { ItemLocation } from './item-location.tsx';

vi.mock('./location-map.tsx', () => ({
  default: ({ position }: { position: [number, number] }) => <p>Map at {position.join(',')}</p>,
}));

afterEach(cleanup);

const full: Location = {
  address: '12 Elm Road',
  city: 'Leeds',
  postcode: 'LS6 2AB',
  latitude: 53.81,
  longitude: -1.57,
  approximate: false,
};

function renderLocation(overrides: Partial<Location>) {
  render(<ItemLocation location={{ ...full, ...overrides }} itemName="Hedge trimmer" />);
}

describe('ItemLocation', () => {
  it('shows the address and a map at the coordinates', async () => {
    renderLocation({});
    expect(screen.getByText('12 Elm Road')).toBeInTheDocument();
    expect(screen.getByText('Leeds')).toBeInTheDocument();
    expect(screen.getByText('LS6 2AB')).toBeInTheDocument();
    expect(await screen.findByText('Map at 53.81,-1.57')).toBeInTheDocument();
    expect(screen.queryByText('(approximate location)')).toBeNull();
  });

  it.each([
    [{ address: null }, 'Address not available'],
    [{ city: '  ' }, 'City not available'],
    [{ postcode: null }, 'Postcode not available'],
  ])('falls back for a missing part %o', (missing, text) => {
    renderLocation(missing);
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByText('Location not available')).toBeNull();
  });

  it('says the location is not available when address, city and postcode are all missing', () => {
    renderLocation({ address: null, city: '', postcode: null });
    expect(screen.getByText('Location not available')).toBeInTheDocument();
    expect(screen.queryByText('Address not available')).toBeNull();
  });

  it('shows the public form before booking: town and postcode district, no street, and says when the address is shared', () => {
    renderLocation({ address: null, postcode: 'LS6', approximate: true });
    expect(screen.getByText('Leeds')).toBeInTheDocument();
    expect(screen.getByText('LS6')).toBeInTheDocument();
    expect(screen.queryByText('Address not available')).toBeNull();
    expect(screen.getByText('The full address is shared with the renter once booked.')).toBeInTheDocument();
  });

  it('marks an approximate location', () => {
    renderLocation({ approximate: true });
    expect(screen.getByText('(approximate location)')).toBeInTheDocument();
  });

  it.each([
    ['zero', { latitude: 0, longitude: 0 }],
    ['null', { latitude: null, longitude: null }],
    ['half missing', { latitude: 53.8, longitude: null }],
  ])('shows no map for %s coordinates', (_case, coords) => {
    renderLocation(coords);
    expect(screen.getByText('Location coordinates not available')).toBeInTheDocument();
    expect(screen.queryByText(/^Map at/)).toBeNull();
  });

  it('loads the map only once it comes near the screen (at the bottom of a phone’s popup)', async () => {
    let report: IntersectionObserverCallback | undefined;
    let observed: Element | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          report = callback;
        }
        observe(target: Element) {
          observed = target;
        }
        disconnect() {}
      },
    );
    try {
      renderLocation({});
      expect(screen.getByText('Loading map...')).toBe(observed);
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryByText(/^Map at/)).toBeNull();
      act(() => report?.([{ target: observed!, isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(await screen.findByText('Map at 53.81,-1.57')).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
