import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Address } from '@toolshed/core/contract';
import { requestJson } from '../lib/request-json.ts';

export interface Me {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  /** ISO timestamp */
  createdAt: string;
  /** The borrower address checkout uses; null until the user saves one. */
  address?: Address | null;
  /** The saved phone number; only a verified one is shown to owners and at checkout. */
  phone?: MePhone | null;
  /** YYYY-MM-DD: vacation mode is on until this day; null when off. */
  vacationUntil?: string | null;
  /** Whether a private calendar feed address exists. */
  calendarFeed?: boolean;
  /** A verification code sent and still valid (the code box survives a reload). */
  phoneCode?: { sentTo: string; expiresAt: string } | null;
}

export interface MePhone {
  countryCode: string;
  dialCode: string;
  number: string;
  formatted: string;
  verified: boolean;
}

export const meKey = ['me'] as const;

/** The signed-in user's own account details. */
export function useMe(): UseQueryResult<Me, Error> {
  return useQuery({ queryKey: meKey, queryFn: () => requestJson<Me>('GET', '/api/me'), staleTime: 60_000 });
}
