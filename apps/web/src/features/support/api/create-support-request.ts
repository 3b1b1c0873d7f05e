import { requestJson } from '../../../lib/request-json.ts';

export interface SupportRequest {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/** Stored by the server and emailed to the support team. */
export function createSupportRequest(request: SupportRequest): Promise<{ id: string }> {
  return requestJson<{ id: string }>('POST', '/api/support-requests', request);
}
