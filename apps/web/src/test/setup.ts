// DOM matchers for every web test: `toBeInTheDocument`, `toHaveTextContent`, `toHaveAccessibleName`…
// say what an assertion means, where `expect(getBy…).toBeTruthy()` checked nothing beyond the query.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// How long findBy… and waitFor wait for what they expect. The default second is short on a busy
// two-core machine (the suites run side by side): a slower screen must not read as a broken one.
configure({ asyncUtilTimeout: 4_000 });

// happy-dom's IntersectionObserver never reports. Here every observed element is on the screen at once,
// as on a tall window; a test of what waits for the screen stubs its own observer.
class OnScreenObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() =>
      this.callback([{ target, isIntersecting: true } as IntersectionObserverEntry], this as unknown as IntersectionObserver),
    );
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.IntersectionObserver = OnScreenObserver as unknown as typeof IntersectionObserver;
