import type { CardInput } from '@toolshed/core';
import { requestJson } from '../../../lib/request-json.ts';
import type { LineDates } from '../../../data/check-wheelbarrow.ts';

export interface PlaceOrderInput {
  lines: LineDates[];
  card: CardInput;
  idempotencyKey: string;
  /** Pay from the Toolshed balance before the card (the server's default). */
  useBalance?: boolean;
}

/**
 * Books and pays for the lines at once (the server prices them; ~1.5 s). The card travels only in
 * this request body and is never logged or kept.
 */
export function placeOrder(input: PlaceOrderInput): Promise<{ orderId: string }> {
  return requestJson<{ orderId: string }>('POST', '/api/checkout', input);
}
