import type { PasskeyOptionsResponse, WithdrawalRequest } from '@prata/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';
import { getAssertion } from '@/features/passkeys/index';
import { WITHDRAWAL_OVERVIEW_QUERY_KEY } from './keys';
import type { WithdrawalCodeResponse, WithdrawalCreatedResponse, WithdrawalOverviewResponse } from './types';
import { useMoneyMutation } from './use-money-mutation';

/** GET /api/withdrawal: the bank entries, the balance, the minimum, the fee rule and the resend wait. */
function getWithdrawalOverview(): Promise<WithdrawalOverviewResponse> {
  return api.get<WithdrawalOverviewResponse>('/withdrawal');
}

export function useWithdrawalOverview() {
  return useQuery({ queryKey: WITHDRAWAL_OVERVIEW_QUERY_KEY, queryFn: getWithdrawalOverview, staleTime: 0 });
}

/**
 * POST /api/withdrawal/verification-code { amount } → { message, resendAfterSeconds } (a resend sends it again), with
 * the intention's Idempotency-Key (lib/intention.ts): a double tap sends one e-mail.
 */
function sendWithdrawalCode({ amount, key }: { amount: string; key: string }): Promise<WithdrawalCodeResponse> {
  return api.post<WithdrawalCodeResponse>('/withdrawal/verification-code', { amount }, idempotent(key));
}

/**
 * POST /api/withdrawal { verificationCode, bankingInformationId, amount } → 201 { withdrawal, message }, with the
 * intention's Idempotency-Key: a double tap on the confirmation withdraws once.
 */
function requestWithdrawal({
  key,
  ...input
}: {
  verificationCode: string;
  bankingInformationId: number;
  amount: string;
  key: string;
}): Promise<WithdrawalCreatedResponse> {
  const body: WithdrawalRequest = input;
  return api.post<WithdrawalCreatedResponse>('/withdrawal', body, idempotent(key));
}

/** The code moves no money: the loading dialog only, nothing to refresh. */
export function useSendWithdrawalCode() {
  return useMutation({
    mutationFn: (input: { amount: string; key: string }) =>
      withLoading('Enviando código...', () => sendWithdrawalCode(input)),
  });
}

export const useRequestWithdrawal = () => useMoneyMutation('Solicitando retirada...', requestWithdrawal);

/**
 * A customer with a passkey confirms with it instead of the e-mail code: the challenge bound to the account and the
 * amount (POST /api/withdrawal/passkey-options, which creates nothing), the browser's passkey dialog, then
 * POST /api/withdrawal/passkey under the intention's Idempotency-Key: a double tap withdraws once.
 */
async function requestWithdrawalWithPasskey({
  key,
  ...input
}: {
  bankingInformationId: number;
  amount: string;
  key: string;
}): Promise<WithdrawalCreatedResponse> {
  const { options } = await api.post<PasskeyOptionsResponse>('/withdrawal/passkey-options', input);
  const passkey = await getAssertion(options);
  return api.post<WithdrawalCreatedResponse>('/withdrawal/passkey', { ...input, passkey }, idempotent(key));
}

export const useRequestWithdrawalWithPasskey = () =>
  useMoneyMutation('Solicitando retirada...', requestWithdrawalWithPasskey);
