import type {
  ErasureDoneResponse,
  ErasureStatusResponse,
  MarketingConsentResponse,
  PrivacyExportCreatedResponse,
  PrivacyOverviewResponse,
  PrivacyPolicyResponse,
} from '@prata/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { downloadFromApi } from '@/lib/download';
import { idempotent } from '@/lib/idempotency';

const PRIVACY_QUERY_KEY = ['privacy'] as const;

/** GET /api/privacy: the tab's exports, processors, consents and encarregado. */
const getPrivacy = () => api.get<PrivacyOverviewResponse>('/privacy');

/** While an export is being built the tab asks again every few seconds, and stops once none is. */
const BUILDING_POLL_MS = 3_000;

export function usePrivacy() {
  return useQuery({
    queryKey: PRIVACY_QUERY_KEY,
    queryFn: getPrivacy,
    refetchInterval: (query) =>
      query.state.data?.exports.some((e) => e.status === 'pending' || e.status === 'building')
        ? BUILDING_POLL_MS
        : false,
  });
}

/** POST /api/privacy/exports, with the intention's key (lib/intention.ts): a double click asks once. */
const requestExport = ({ key }: { key: string }) =>
  api.post<PrivacyExportCreatedResponse>('/privacy/exports', undefined, idempotent(key));

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestExport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PRIVACY_QUERY_KEY }),
  });
}

/** PUT /api/privacy/consents/marketing */
const setMarketingConsent = (optedIn: boolean) =>
  api.put<MarketingConsentResponse>('/privacy/consents/marketing', { opted_in: optedIn });

export function useSetMarketingConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMarketingConsent,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PRIVACY_QUERY_KEY }),
  });
}

/** GET /api/privacy/exports/{id}/file: the ZIP (with the bearer token), saved as a file. */
export const downloadExport = (id: number) =>
  downloadFromApi(`/privacy/exports/${id}/file`, `prata-meus-dados-${id}.zip`);

/** GET /api/privacidade: the privacy policy and the encarregado (public). */
export function usePrivacyPolicy() {
  return useQuery({
    queryKey: ['privacy-policy'],
    queryFn: () => api.get<PrivacyPolicyResponse>('/privacidade'),
  });
}

const ERASURE_QUERY_KEY = ['privacy', 'erasure'] as const;

/** GET /api/privacy/erasure: may the customer ask now, why not, what goes and what stays until when. */
export function useErasureStatus() {
  return useQuery({
    queryKey: ERASURE_QUERY_KEY,
    queryFn: () => api.get<ErasureStatusResponse>('/privacy/erasure'),
  });
}

/** POST /api/privacy/erasure with the password, under the intention's key (a double click asks once). */
const requestErasure = ({ key, password }: { key: string; password: string }) =>
  api.post<ErasureDoneResponse>('/privacy/erasure', { password }, idempotent(key));

export function useRequestErasure() {
  return useMutation({ mutationFn: requestErasure });
}
