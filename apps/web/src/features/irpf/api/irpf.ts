import type { CompletedOrdersResponse, IrpfPositionResponse } from '@prata/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { downloadFromApi } from '@/lib/download';

/** GET /api/orders/completed?page&year: the year's completed orders, newest first. */
const getCompletedOrders = (year: number, page: number) =>
  api.get<CompletedOrdersResponse>('/orders/completed', { query: { page, year } });

export function useCompletedOrders(year: number, page: number) {
  return useQuery({
    queryKey: ['orders', 'completed', year, page],
    queryFn: () => getCompletedOrders(year, page),
    placeholderData: keepPreviousData,
    select: (answer) => answer.orders,
  });
}

/** GET /api/irpf/position/{year}: the custody on 31 December and the average cost per gram. */
const getPosition = (year: number) => api.get<IrpfPositionResponse>(`/irpf/position/${year}`);

export function usePosition(year: number) {
  return useQuery({ queryKey: ['irpf', 'position', year], queryFn: () => getPosition(year) });
}

/** GET /api/orders/export/{year}: the year's workbook, saved as an .xlsx file. */
export const downloadWorkbook = (year: number) => downloadFromApi(`/orders/export/${year}`, `prata-irpf-${year}.xlsx`);
