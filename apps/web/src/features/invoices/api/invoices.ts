import type { ProductInvoicesResponse, ServiceInvoicesResponse } from '@prata/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** GET /api/service-invoices?page=N → { data, total, per_page } (newest month first). */
const getServiceInvoices = (page: number) => api.get<ServiceInvoicesResponse>('/service-invoices', { query: { page } });

/** GET /api/product-invoices?page=N → { data, total, per_page } (newest first). */
const getProductInvoices = (page: number) => api.get<ProductInvoicesResponse>('/product-invoices', { query: { page } });

export function useServiceInvoices(page: number) {
  return useQuery({
    queryKey: ['service-invoices', page],
    queryFn: () => getServiceInvoices(page),
    placeholderData: keepPreviousData,
  });
}

export function useProductInvoices(page: number) {
  return useQuery({
    queryKey: ['product-invoices', page],
    queryFn: () => getProductInvoices(page),
    placeholderData: keepPreviousData,
  });
}
