import type { AdminSilverTransferResponse, AdminSilverTransfersResponse, SilverTransferStatus } from '@prata/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type { AdminSilverTransfersResponse, SilverTransferStatus } from '@prata/domain';

const ADMIN_TRANSFERS_QUERY_KEY = ['admin', 'silver-transfers'] as const;

/** GET /api/admin/silver-transfers?status=&q=&page=: newest first, with the grams waiting in transfer:unclaimed. */
function getAdminTransfers(
  status: SilverTransferStatus | undefined,
  q: string,
  page: number,
): Promise<AdminSilverTransfersResponse> {
  return api.get<AdminSilverTransfersResponse>('/admin/silver-transfers', {
    query: { status, q: q || undefined, page },
  });
}

export function useAdminTransfers(status: SilverTransferStatus | undefined, q: string, page: number) {
  return useQuery({
    queryKey: [...ADMIN_TRANSFERS_QUERY_KEY, status ?? 'all', q, page],
    queryFn: () => getAdminTransfers(status, q, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /api/admin/silver-transfers/check/{code}: the transfer a receipt's check code belongs to (404 when none). */
function checkReceiptCode(code: string): Promise<AdminSilverTransferResponse> {
  return api.get<AdminSilverTransferResponse>(`/admin/silver-transfers/check/${encodeURIComponent(code.trim())}`);
}

export const useCheckReceiptCode = () => useMutation({ mutationFn: checkReceiptCode });
