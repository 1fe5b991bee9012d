import type {
  CheckReceiverResponse,
  CreateSilverTransferRequest,
  SilverTransferCodeRequest,
  SilverTransferCodeResponse,
  SilverTransferOverviewResponse,
  SilverTransferResponse,
} from '@prata/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { USER_QUERY_KEY } from '../../../lib/auth';
import { idempotent } from '../../../lib/idempotency';
import { withLoading } from '../../../lib/loading';

export const TRANSFER_OVERVIEW_QUERY_KEY = ['silver-transfer'] as const;
/** The history tab's list (GET /api/silver-transfers), as the history feature caches it. */
export const SILVER_TRANSFERS_PATH = '/silver-transfers';

/** GET /api/silver-transfer: the grams available, the resend wait and the unclaimed period. */
export function getTransferOverview(): Promise<SilverTransferOverviewResponse> {
  return api.get<SilverTransferOverviewResponse>('/silver-transfer');
}

export function useTransferOverview() {
  return useQuery({ queryKey: TRANSFER_OVERVIEW_QUERY_KEY, queryFn: getTransferOverview, staleTime: 0 });
}

/** POST /api/silver-transfer/check-receiver { email } → { receiver: { id, name } | null, message } */
export function checkReceiver(email: string): Promise<CheckReceiverResponse> {
  return api.post<CheckReceiverResponse>('/silver-transfer/check-receiver', { email });
}

export function useCheckReceiver() {
  return useMutation({
    mutationFn: (email: string) => withLoading('Verificando e-mail...', () => checkReceiver(email)),
  });
}

/** `key`: the intention's Idempotency-Key (lib/intention.ts), the same on a double tap or a retry. */
type Keyed<T> = { body: T; key: string };

/** POST /api/silver-transfer/verification-code { quantity_grams, receiver_email } (a resend sends it again). */
export function sendTransferCode({ body, key }: Keyed<SilverTransferCodeRequest>): Promise<SilverTransferCodeResponse> {
  return api.post<SilverTransferCodeResponse>('/silver-transfer/verification-code', body, idempotent(key));
}

export function useSendTransferCode() {
  return useMutation({
    mutationFn: (input: Keyed<SilverTransferCodeRequest>) =>
      withLoading('Enviando código...', () => sendTransferCode(input)),
  });
}

/** POST /api/silver-transfer → 201 { transfer, message } */
export function createTransfer({ body, key }: Keyed<CreateSilverTransferRequest>): Promise<SilverTransferResponse> {
  return api.post<SilverTransferResponse>('/silver-transfer', body, idempotent(key));
}

/**
 * The transfer, under the loading dialog; then the signed-in user (the drawer's and the top bar's balances), this
 * screen's balance and the history are asked again, whatever the answer.
 */
export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Keyed<CreateSilverTransferRequest>) =>
      withLoading('Transferindo prata...', () => createTransfer(input)),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: TRANSFER_OVERVIEW_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['history'] }),
      ]),
  });
}
