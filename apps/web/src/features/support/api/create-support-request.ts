import type { SupportRequestInput } from '@toolshed/core';
import { requestJson } from '../../../lib/request-json.ts';

export type SupportRequest = SupportRequestInput;

/** Stored by the server and emailed to the support team. */
export function createSupportRequest(request: SupportRequest): Promise<{ id: string }> {
  return requestJson<{ id: string }>('POST', '/api/support-requests', request);
}
