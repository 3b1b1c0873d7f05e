import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { PaymentConfig } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

/** How the card form should pay: the provider and its documented test cards. */
export function usePaymentConfig(): UseQueryResult<PaymentConfig, Error> {
  return useQuery({
    queryKey: ['payments', 'config'],
    queryFn: () => requestJson<PaymentConfig>('GET', '/api/payments/config'),
    staleTime: 5 * 60_000,
  });
}

/** A config the form can work with; anything else is 'Failed to initialize payment system'. */
export function isUsableConfig(config: unknown): config is PaymentConfig {
  if (typeof config !== 'object' || config === null) return false;
  const c = config as Partial<PaymentConfig>;
  return (
    typeof c.provider === 'string' &&
    c.provider.length > 0 &&
    c.currency === 'GBP' &&
    typeof c.testCards === 'object' &&
    c.testCards !== null &&
    typeof c.testCards.success === 'string' &&
    typeof c.testCards.declined === 'string'
  );
}
