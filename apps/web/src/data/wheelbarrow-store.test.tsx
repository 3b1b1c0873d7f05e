import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  readStoredLines,
  useWheelbarrow,
  WHEELBARROW_STORAGE_KEY,
  WheelbarrowProvider,
  type WheelbarrowLine,
} from './wheelbarrow-store.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const wrapper = ({ children }: { children: ReactNode }) => <WheelbarrowProvider>{children}</WheelbarrowProvider>;

const line = (itemId: string): WheelbarrowLine => ({
  itemId,
  name: `Item ${itemId}`,
  dailyRatePence: 1250,
  startDate: '2030-06-01',
  endDate: '2030-06-03',
  days: 3,
  imageUrl: null,
});

describe('wheelbarrow store', () => {
  it('adds an item once and says when it is already there', () => {
    const { result } = renderHook(useWheelbarrow, { wrapper });
    let outcomes: string[] = [];
    act(() => {
      // Two adds in the same tick must still see each other.
      outcomes = [result.current.add(line('a')), result.current.add(line('a'))];
    });
    expect(outcomes).toEqual(['added', 'already-present']);
    expect(result.current.lines).toEqual([line('a')]);
  });

  it('keeps lines in localStorage across reloads, and removes and clears them', () => {
    const first = renderHook(useWheelbarrow, { wrapper });
    act(() => {
      first.result.current.add(line('a'));
      first.result.current.add(line('b'));
    });
    first.unmount();

    const second = renderHook(useWheelbarrow, { wrapper });
    expect(second.result.current.lines.map((l) => l.itemId)).toEqual(['a', 'b']);
    act(() => second.result.current.remove('a'));
    expect(JSON.parse(localStorage.getItem(WHEELBARROW_STORAGE_KEY)!)).toEqual([line('b')]);
    act(() => second.result.current.clear());
    expect(second.result.current.lines).toEqual([]);
    expect(localStorage.getItem(WHEELBARROW_STORAGE_KEY)).toBe('[]');
  });

  it('changes the dates of a line with its day count, and totals the lines with the saved prices', () => {
    const { result } = renderHook(useWheelbarrow, { wrapper });
    act(() => {
      result.current.add(line('a'));
      result.current.add(line('b'));
    });
    expect(result.current.totalPence).toBe(7500);
    act(() => result.current.updateDates('a', '2030-06-01', '2030-06-07'));
    expect(result.current.lines[0]).toMatchObject({ startDate: '2030-06-01', endDate: '2030-06-07', days: 7 });
    expect(result.current.totalPence).toBe(1250 * 7 + 1250 * 3);
    // A reversed range is refused, and the line keeps its dates.
    act(() => result.current.updateDates('b', '2030-06-05', '2030-06-04'));
    expect(result.current.lines[1]).toEqual(line('b'));
    expect(readStoredLines(localStorage.getItem(WHEELBARROW_STORAGE_KEY))[0]?.days).toBe(7);
  });

  it('drops stored lines whose dates are not real or whose day count does not match them', () => {
    const lines = [line('a'), { ...line('b'), startDate: '2030-02-30' }, { ...line('c'), days: 5 }, { ...line('d'), dailyRatePence: -1 }];
    expect(readStoredLines(JSON.stringify(lines))).toEqual([line('a')]);
  });

  it('ignores stored data that is not a list of well-formed lines', () => {
    expect(readStoredLines('not json')).toEqual([]);
    expect(readStoredLines('{"itemId":"a"}')).toEqual([]);
    expect(readStoredLines(JSON.stringify([line('a'), { itemId: 'b', days: 'three' }]))).toEqual([line('a')]);
  });
});
