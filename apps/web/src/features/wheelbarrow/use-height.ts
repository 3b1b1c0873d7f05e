import { useCallback, useEffect, useRef, useState } from 'react';

/** Fallback before the first measurement, and where ResizeObserver is missing: one row of the bar. */
const DEFAULT_HEIGHT = 72;

/** A ref callback and the element's current border-box height, following its changes. */
export function useHeight<T extends HTMLElement>(): [(element: T | null) => void, number] {
  const [height, setHeight] = useState(DEFAULT_HEIGHT);
  const observer = useRef<ResizeObserver | null>(null);

  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setHeight(Math.ceil(element.getBoundingClientRect().height) || DEFAULT_HEIGHT);
    observer.current = new ResizeObserver(measure);
    observer.current.observe(element);
    measure();
  }, []);

  useEffect(() => () => observer.current?.disconnect(), []);
  return [ref, height];
}
