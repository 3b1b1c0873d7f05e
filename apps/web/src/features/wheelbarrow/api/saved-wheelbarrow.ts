import type { SavedLineInput, SavedWheelbarrow } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

/** The signed-in user's wheelbarrow as the server keeps it. */
export function fetchSavedWheelbarrow(): Promise<SavedWheelbarrow> {
  return requestJson<SavedWheelbarrow>('GET', '/api/me/wheelbarrow');
}

export function saveWheelbarrow(lines: SavedLineInput[]): Promise<SavedWheelbarrow> {
  return requestJson<SavedWheelbarrow>('PUT', '/api/me/wheelbarrow', { lines });
}
