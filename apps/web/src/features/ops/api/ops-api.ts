import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { OpsAuditLog, OpsClaims, OpsCodeSent, OpsDone, OpsReports, OpsStatus } from '@toolshed/core/contract';
import { requestJson } from '../../../lib/request-json.ts';

export const opsKey = ['ops'] as const;

/** Whether the signed-in member is an operator (404 otherwise) and has entered this session's code. */
export function useOpsStatus(): UseQueryResult<OpsStatus, Error> {
  return useQuery({
    queryKey: [...opsKey, 'me'],
    queryFn: ({ signal }) => requestJson<OpsStatus>('GET', '/api/ops/me', undefined, signal),
    retry: false,
  });
}

export function useSendCode() {
  return useMutation({ mutationFn: () => requestJson<OpsCodeSent>('POST', '/api/ops/code', {}) });
}

export function useVerifyCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => requestJson<OpsStatus>('POST', '/api/ops/code/verify', { code }),
    onSuccess: () => client.invalidateQueries({ queryKey: opsKey }),
  });
}

export function useOpsReports(enabled: boolean): UseQueryResult<OpsReports, Error> {
  return useQuery({
    queryKey: [...opsKey, 'reports'],
    queryFn: ({ signal }) => requestJson<OpsReports>('GET', '/api/ops/reports', undefined, signal),
    enabled,
  });
}

export function useOpsClaims(enabled: boolean): UseQueryResult<OpsClaims, Error> {
  return useQuery({
    queryKey: [...opsKey, 'claims'],
    queryFn: ({ signal }) => requestJson<OpsClaims>('GET', '/api/ops/claims', undefined, signal),
    enabled,
  });
}

export function useAuditLog(enabled: boolean): UseQueryResult<OpsAuditLog, Error> {
  return useQuery({
    queryKey: [...opsKey, 'audit'],
    queryFn: ({ signal }) => requestJson<OpsAuditLog>('GET', '/api/ops/audit', undefined, signal),
    enabled,
  });
}

/** One desk action (its API path and the operator's reason); every list of the desk is read again after it. */
export function useOpsAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: { path: string; reason: string; amountPence?: number }) =>
      requestJson<OpsDone>('POST', action.path, {
        reason: action.reason,
        ...(action.amountPence === undefined ? {} : { amountPence: action.amountPence }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: opsKey }),
  });
}
