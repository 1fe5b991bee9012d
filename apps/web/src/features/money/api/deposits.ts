import type { PixDepositRequest } from '@prata/domain';
import { useQuery } from '@tanstack/react-query';
import { api, apiFetch } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { DEPOSIT_OVERVIEW_QUERY_KEY, qrCodeQueryKey } from './keys';
import type {
  CancelDepositResponse,
  Deposit,
  DepositOverviewResponse,
  DepositsPageResponse,
  PixDepositResponse,
  PixQrCodeResponse,
  TedDepositResponse,
} from './types';
import { useMoneyMutation } from './use-money-mutation';

/** GET /api/deposit: the balance, the pending deposits (newest first) and the account that receives TEDs. */
function getDepositOverview(): Promise<DepositOverviewResponse> {
  return api.get<DepositOverviewResponse>('/deposit');
}

/**
 * The deposit screens' data. `pollMs` asks again every so often while a Pix QR code is on screen (the payment can
 * arrive at any moment); any 403 (registration incomplete, under review, refused) is the screen's to show, not retried.
 */
export function useDepositOverview({ pollMs }: { pollMs?: number } = {}) {
  return useQuery({
    queryKey: DEPOSIT_OVERVIEW_QUERY_KEY,
    queryFn: getDepositOverview,
    staleTime: 0,
    refetchInterval: pollMs ?? false,
    refetchIntervalInBackground: Boolean(pollMs),
  });
}

/** GET /api/deposit/{id}/qrcode: the QR image (PNG, base64) and the copy-paste code of a pending Pix deposit. */
function getDepositQrCode(id: number): Promise<PixQrCodeResponse> {
  return api.get<PixQrCodeResponse>(`/deposit/${id}/qrcode`);
}

export function useDepositQrCode(id: number, enabled: boolean) {
  return useQuery({
    queryKey: qrCodeQueryKey(id),
    queryFn: () => getDepositQrCode(id),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** GET /api/deposits?page=1: the newest deposits, to learn how one that left the pending list ended. */
export async function findRecentDeposit(id: number): Promise<Deposit | undefined> {
  const { deposits } = await api.get<DepositsPageResponse>('/deposits', { query: { page: 1 } });
  return deposits.data.find((deposit) => deposit.id === id);
}

/** The amount as the API reads it: dot-decimal text, '150.00'. */
export type AmountInput = { amount: string };

/** The key of the person's intention (lib/intention.ts): a double click or a retry sends the same one. */
export type Intended = { idempotencyKey: string };

/** POST /api/deposit/pix { amount } with the intention's Idempotency-Key → 201 { deposit, pixQrCode, pixCopiaECola, message } */
function createPixDeposit(input: PixDepositRequest & Intended): Promise<PixDepositResponse> {
  return api.post<PixDepositResponse>('/deposit/pix', { amount: input.amount }, idempotent(input.idempotencyKey));
}

/** POST /api/deposit/ted (multipart: amount, receipt) with the intention's Idempotency-Key → 201 { deposit, message } */
function createTedDeposit(input: AmountInput & { receipt: File } & Intended): Promise<TedDepositResponse> {
  const form = new FormData();
  form.append('amount', input.amount);
  form.append('receipt', input.receipt, input.receipt.name);
  return apiFetch<TedDepositResponse>('/deposit/ted', {
    method: 'POST',
    body: form,
    ...idempotent(input.idempotencyKey),
  });
}

/** DELETE /api/deposit/{id} → { deposit: { id }, message }: only a pending Pix deposit can be cancelled. */
function cancelDeposit(id: number): Promise<CancelDepositResponse> {
  return api.delete<CancelDepositResponse>(`/deposit/${id}`);
}

export const useCreatePixDeposit = () => useMoneyMutation('Criando QR Code...', createPixDeposit);
export const useCreateTedDeposit = () => useMoneyMutation('Enviando comprovante...', createTedDeposit);
export const useCancelDeposit = () => useMoneyMutation('Cancelando depósito...', cancelDeposit);
