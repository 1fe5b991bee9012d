import type { PriceAlertsResponse } from '@prata/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const PRICE_ALERTS_QUERY_KEY = ['price-alerts'] as const;

/** GET /api/price-alerts: the active alerts, then the last fired ones, and the last trade's price. */
const getPriceAlerts = () => api.get<PriceAlertsResponse>('/price-alerts');

export function usePriceAlerts() {
  return useQuery({ queryKey: PRICE_ALERTS_QUERY_KEY, queryFn: getPriceAlerts });
}
