import type {
  CheckReceiverResponse,
  CreateSilverTransferRequest,
  CreateSilverTransferWithPasskeyRequest,
  PasskeyOptionsResponse,
  SilverTransferCodeRequest,
  SilverTransferCodeResponse,
  SilverTransferOverviewResponse,
  SilverTransferResponse,
} from '@prata/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { USER_QUERY_KEY } from '@/lib/auth';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';
import { getAssertion } from '@/features/passkeys/index';

export const TRANSFER_OVERVIEW_QUERY_KEY = ['silver-transfer'] as const;
/** The history tab's list (GET /api/silver-transfers), as the history feature caches it. */
export const SILVER_TRANSFERS_PATH = '/silver-transfers';

/** GET /api/silver-transfer: the grams available, the resend wait and the unclaimed period. */
function getTransferOverview(): Promise<SilverTransferOverviewResponse> {
  return api.get<SilverTransferOverviewResponse>('/silver-transfer');
}

export function useTransferOverview() {
  return useQuery({ queryKey: TRANSFER_OVERVIEW_QUERY_KEY, queryFn: getTransferOverview, staleTime: 0 });
}

/** POST /api/silver-transfer/check-receiver { email } → { receiver: { id, name } | null, message } */
function checkReceiver(email: string): Promise<CheckReceiverResponse> {
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
function sendTransferCode({ body, key }: Keyed<SilverTransferCodeRequest>): Promise<SilverTransferCodeResponse> {
  return api.post<SilverTransferCodeResponse>('/silver-transfer/verification-code', body, idempotent(key));
}

export function useSendTransferCode() {
  return useMutation({
    mutationFn: (input: Keyed<SilverTransferCodeRequest>) =>
      withLoading('Enviando código...', () => sendTransferCode(input)),
  });
}

/** POST /api/silver-transfer → 201 { transfer, message } */
function createTransfer({ body, key }: Keyed<CreateSilverTransferRequest>): Promise<SilverTransferResponse> {
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

type PasskeyTransfer = Omit<CreateSilverTransferWithPasskeyRequest, 'passkey'>;

/**
 * A customer with a passkey confirms with it instead of the e-mail code: the challenge bound to the grams and the
 * receiver (POST /api/silver-transfer/passkey-options, which creates nothing), the browser's passkey dialog, then
 * POST /api/silver-transfer/passkey under the intention's Idempotency-Key.
 */
async function createTransferWithPasskey({ body, key }: Keyed<PasskeyTransfer>): Promise<SilverTransferResponse> {
  const { options } = await api.post<PasskeyOptionsResponse>('/silver-transfer/passkey-options', {
    quantity_grams: body.quantity_grams,
    receiver_email: body.receiver_email,
  });
  const passkey = await getAssertion(options);
  return withLoading('Transferindo prata...', () =>
    api.post<SilverTransferResponse>('/silver-transfer/passkey', { ...body, passkey }, idempotent(key)),
  );
}

export function useCreateTransferWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransferWithPasskey,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: TRANSFER_OVERVIEW_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['history'] }),
      ]),
  });
}
