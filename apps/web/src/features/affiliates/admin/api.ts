import type {
  AdminAffiliatesResponse,
  AdminRewardsResponse,
  AffiliateSettingsResponse,
  AffiliateSettings,
} from '@prata/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { withLoading } from '@/lib/loading';

const KEY = ['admin', 'affiliates'] as const;

/** GET /api/admin/affiliates/settings → { settings: { reward_share, validity_years } } */
const getAffiliateSettings = () => api.get<AffiliateSettingsResponse>('/admin/affiliates/settings');
export function useAffiliateSettings() {
  return useQuery({ queryKey: [...KEY, 'settings'], queryFn: getAffiliateSettings, staleTime: 0 });
}

/** PUT /api/admin/affiliates/settings → { settings, message } (finance) */
export function useSaveAffiliateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AffiliateSettings) =>
      withLoading('Salvando regras...', () =>
        api.put<AffiliateSettingsResponse>('/admin/affiliates/settings', settings),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

/** GET /api/admin/affiliates?page */
export function useAdminAffiliates(page: number) {
  return useQuery({
    queryKey: [...KEY, 'list', page],
    queryFn: () => api.get<AdminAffiliatesResponse>('/admin/affiliates', { query: { page } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/admin/affiliate-rewards?page */
export function useAdminRewards(page: number) {
  return useQuery({
    queryKey: [...KEY, 'rewards', page],
    queryFn: () => api.get<AdminRewardsResponse>('/admin/affiliate-rewards', { query: { page } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
