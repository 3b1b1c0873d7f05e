import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Order } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

/** A completed checkout: the booked rentals and what was charged. */
export function useOrder(orderId: string): UseQueryResult<Order, Error> {
  return useQuery({
    queryKey: ['order', orderId],
    queryFn: () => requestJson<Order>('GET', `/api/orders/${encodeURIComponent(orderId)}`),
    enabled: orderId !== '',
    staleTime: 5 * 60_000,
  });
}
