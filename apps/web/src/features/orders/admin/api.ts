import type {
  AdminMarketResponse,
  HouseFundingRequest,
  HouseOrderRequest,
  HouseOrderResponse,
  MarketSettingsRequest,
  MessageResponse,
} from '@prata/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';

export type { AdminMarketResponse, HouseFundingRequest, HouseOrderRequest, MarketSettingsRequest } from '@prata/domain';
export type HouseOrder = AdminMarketResponse['house_orders'][number];
export type BookLevel = AdminMarketResponse['bids'][number];

const ADMIN_MARKET_QUERY_KEY = ['admin', 'market'] as const;
/** The book moves while the page is open: read it again this often (and when the operator comes back to the tab). */
const MARKET_REFRESH_MS = 15_000;

/** GET /api/admin/market: the rates, the house's position and orders, the book's levels, today's figures. */
function getAdminMarket(): Promise<AdminMarketResponse> {
  return api.get<AdminMarketResponse>('/admin/market');
}

export function useAdminMarket() {
  return useQuery({
    queryKey: ADMIN_MARKET_QUERY_KEY,
    queryFn: getAdminMarket,
    staleTime: 0,
    refetchInterval: MARKET_REFRESH_MS,
  });
}

function useRefreshMarket() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ADMIN_MARKET_QUERY_KEY });
}

/** PUT /api/admin/market/settings (percents as 0.5 and 0.38, the minimum fee in reais) → { message } */
function saveMarketSettings(settings: MarketSettingsRequest): Promise<MessageResponse> {
  return api.put<MessageResponse>('/admin/market/settings', settings);
}

export function useSaveMarketSettings() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: (settings: MarketSettingsRequest) =>
      withLoading('Salvando taxas...', () => saveMarketSettings(settings)),
    onSuccess: refresh,
  });
}

/**
 * POST /api/admin/market/house-orders → 201 { message, order }. It may trade at once and moves the house's money: the
 * order's Idempotency-Key (one per intention, kept across double clicks and retries, lib/intention.ts) makes a request
 * sent twice run once.
 */
function placeHouseOrder({ order, key }: { order: HouseOrderRequest; key: string }): Promise<HouseOrderResponse> {
  return api.post<HouseOrderResponse>('/admin/market/house-orders', order, idempotent(key));
}

export function usePlaceHouseOrder() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: (input: { order: HouseOrderRequest; key: string }) =>
      withLoading('Registrando ordem da casa...', () => placeHouseOrder(input)),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/market/house-orders/{id} → { message }: takes what is still open off the book (its own key). */
function cancelHouseOrder({ id, key }: { id: number; key: string }): Promise<MessageResponse> {
  return api.delete<MessageResponse>(`/admin/market/house-orders/${id}`, idempotent(key));
}

export function useCancelHouseOrder() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: (input: { id: number; key: string }) =>
      withLoading('Cancelando ordem da casa...', () => cancelHouseOrder(input)),
    onSuccess: refresh,
  });
}

/** POST /api/admin/market/house-funding → { message }: silver put in the vault (grams) or capital paid in (reais). */
function fundHouse({ funding, key }: { funding: HouseFundingRequest; key: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>('/admin/market/house-funding', funding, idempotent(key));
}

export function useFundHouse() {
  const refresh = useRefreshMarket();
  return useMutation({
    mutationFn: (input: { funding: HouseFundingRequest; key: string }) =>
      withLoading('Registrando aporte...', () => fundHouse(input)),
    onSuccess: refresh,
  });
}
