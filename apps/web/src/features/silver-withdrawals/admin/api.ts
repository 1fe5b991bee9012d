import type {
  AdminSilverWithdrawalResponse,
  AdminSilverWithdrawalsResponse,
  SilverWithdrawalStatus,
} from '@prata/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ADMIN_SILVER_QUERY_KEY } from '@/lib/admin-query-keys';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';

export type { AdminSilverWithdrawal, AdminSilverWithdrawalsResponse, SilverWithdrawalStatus } from '@prata/domain';

type WithdrawalAnswer = z.infer<typeof AdminSilverWithdrawalResponse>;

const SHIPMENTS_KEY = [...ADMIN_SILVER_QUERY_KEY, 'withdrawals'] as const;

// ---------------------------------------------------------------- the fulfilment queue (logistics or finance)

/** GET /api/admin/silver-withdrawals?status=&page=: 'paid' is the packing queue (oldest first), others newest first. */
function getAdminSilverWithdrawals(
  status: SilverWithdrawalStatus,
  page: number,
): Promise<AdminSilverWithdrawalsResponse> {
  return api.get<AdminSilverWithdrawalsResponse>('/admin/silver-withdrawals', { query: { status, page } });
}

export function useAdminSilverWithdrawals(status: SilverWithdrawalStatus, page: number) {
  return useQuery({
    queryKey: [...SHIPMENTS_KEY, status, page],
    queryFn: () => getAdminSilverWithdrawals(status, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * What an operator does with an order: sent (with the tracking code), delivered, rejected (with the reason), or a
 * rejected order's refund asked of the provider again (finance).
 */
export type FulfilmentMove =
  | { kind: 'sent'; id: number; tracking_code: string }
  | { kind: 'delivered'; id: number }
  | { kind: 'reject'; id: number; reason: string }
  | { kind: 'retry-refund'; id: number };

const MOVE_LOADING: Record<FulfilmentMove['kind'], string> = {
  sent: 'Registrando o envio...',
  delivered: 'Registrando a entrega...',
  reject: 'Recusando e reembolsando...',
  'retry-refund': 'Pedindo o reembolso...',
};

/**
 * POST /api/admin/silver-withdrawals/{id}/sent { tracking_code }, …/delivered, …/reject { reason }, …/retry-refund →
 * { silverWithdrawal, message }. Each is guarded by the order's state on the server, and carries the move's
 * Idempotency-Key (`key`, one per intention, lib/intention.ts): a request sent twice runs once (one e-mail, one
 * refund).
 */
function moveSilverWithdrawal(move: FulfilmentMove & { key: string }): Promise<WithdrawalAnswer> {
  const path = `/admin/silver-withdrawals/${move.id}/${move.kind}`;
  const body =
    move.kind === 'sent'
      ? { tracking_code: move.tracking_code }
      : move.kind === 'reject'
        ? { reason: move.reason }
        : undefined;
  return api.post<WithdrawalAnswer>(path, body, idempotent(move.key));
}

export function useMoveSilverWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: FulfilmentMove & { key: string }) =>
      withLoading(MOVE_LOADING[move.kind], () => moveSilverWithdrawal(move)),
    // the queue, and the stock (a rejection puts the units back; a shipment takes them out of 'to ship')
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_SILVER_QUERY_KEY }),
  });
}
