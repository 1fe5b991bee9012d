import type { AffiliateProgramResponse, AffiliatesResponse, RewardsResponse } from '@prata/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Everything of /afiliados lives under ['affiliates']. */
const AFFILIATES_QUERY_KEY = ['affiliates'] as const;

/** GET /api/affiliates-program → { user, coupon, years, reward_share } */
const getAffiliateProgram = () => api.get<AffiliateProgramResponse>('/affiliates-program');

export function useAffiliateProgram() {
  return useQuery({ queryKey: [...AFFILIATES_QUERY_KEY, 'program'], queryFn: getAffiliateProgram, staleTime: 0 });
}

/** GET /api/affiliates-program/affiliates?page → { affiliates: { data, total, per_page } } */
const getAffiliates = (page: number) =>
  api.get<AffiliatesResponse>('/affiliates-program/affiliates', { query: { page } });

export function useAffiliates(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...AFFILIATES_QUERY_KEY, 'affiliates', page],
    queryFn: () => getAffiliates(page),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/affiliates-program/rewards?page → { rewards: { data, total, per_page } } */
const getRewards = (page: number) => api.get<RewardsResponse>('/affiliates-program/rewards', { query: { page } });

export function useRewards(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...AFFILIATES_QUERY_KEY, 'rewards', page],
    queryFn: () => getRewards(page),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
