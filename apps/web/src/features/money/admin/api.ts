import type {
  AdminDepositResponse,
  AdminDepositsQuery,
  AdminDepositsResponse,
  AdminWithdrawalResponse,
  AdminWithdrawalsQuery,
  AdminWithdrawalsResponse,
  HeldDepositDecisionRequest,
  PayoutSettlementRequest,
  ReviewDecisionRequest,
  StatementResponse,
} from '@prata/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';
import { CUSTOMERS_QUERY_KEY, customerQueryKey } from '@/lib/admin-query-keys';

export type {
  AdminDeposit,
  AdminDepositsResponse,
  AdminWithdrawal,
  AdminWithdrawalsResponse,
  StatementLine,
  StatementResponse,
} from '@prata/domain';

/** approve (with an optional note for the audit) or reject (with the reason the customer reads). */
export type MoneyDecision = z.input<typeof ReviewDecisionRequest>;
export type DepositStatus = z.infer<typeof AdminDepositsQuery>['status'];
export type DepositMethod = NonNullable<z.infer<typeof AdminDepositsQuery>['method']>;
export type WithdrawalStatus = z.infer<typeof AdminWithdrawalsQuery>['status'];

const ADMIN_DEPOSITS_QUERY_KEY = ['admin', 'deposits'] as const;
const ADMIN_WITHDRAWALS_QUERY_KEY = ['admin', 'withdrawals'] as const;
const statementQueryKey = (customerId: number) => [...CUSTOMERS_QUERY_KEY, 'statement', customerId] as const;

/**
 * A write that moves money, with the decision's Idempotency-Key (`key`: one per decision, kept across double clicks
 * and retries, lib/intention.ts), so a request sent twice runs once on the server.
 */
function postMoney<T>(path: string, body: unknown, key: string): Promise<T> {
  return api.post<T>(path, body, idempotent(key));
}

// ---------------------------------------------------------------- deposits

/** GET /api/admin/deposits?status=&method=&page=: pending ones oldest first, decided ones newest first. */
function getAdminDeposits(
  status: DepositStatus,
  method: DepositMethod | undefined,
  page: number,
): Promise<AdminDepositsResponse> {
  return api.get<AdminDepositsResponse>('/admin/deposits', { query: { status, method, page } });
}

export function useAdminDeposits(status: DepositStatus, method: DepositMethod | undefined, page: number) {
  return useQuery({
    queryKey: [...ADMIN_DEPOSITS_QUERY_KEY, status, method ?? 'all', page],
    queryFn: () => getAdminDeposits(status, method, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/admin/deposits/{id}/review (TED only) → { deposit, message } */
function reviewDeposit(id: number, decision: MoneyDecision, key: string): Promise<AdminDepositResponse> {
  return postMoney<AdminDepositResponse>(`/admin/deposits/${id}/review`, decision, key);
}

/** POST /api/admin/deposits/{id}/receive-payment: the embedded provider "pays" a Pix deposit (never in production). */
function simulateDepositPayment(id: number, key: string): Promise<AdminDepositResponse> {
  return postMoney<AdminDepositResponse>(`/admin/deposits/${id}/receive-payment`, undefined, key);
}

/** credit_paid, credit_charged (overpaid only) or refund (with the reason the customer reads). */
export type HeldDecision = HeldDepositDecisionRequest;

/** POST /api/admin/deposits/{id}/held: the operator's decision on a held payment → { deposit, message } */
function decideHeldDeposit(id: number, decision: HeldDecision, key: string): Promise<AdminDepositResponse> {
  return postMoney<AdminDepositResponse>(`/admin/deposits/${id}/held`, decision, key);
}

function useAfterMoneyChange() {
  const queryClient = useQueryClient();
  return (customerId: number) => {
    void queryClient.invalidateQueries({ queryKey: ADMIN_DEPOSITS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: ADMIN_WITHDRAWALS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: customerQueryKey(customerId) });
    void queryClient.invalidateQueries({ queryKey: statementQueryKey(customerId) });
  };
}

export function useReviewDeposit() {
  const refresh = useAfterMoneyChange();
  return useMutation({
    mutationFn: ({ id, decision, key }: { id: number; decision: MoneyDecision; key: string }) =>
      withLoading(decision.decision === 'approve' ? 'Aprovando depósito...' : 'Recusando depósito...', () =>
        reviewDeposit(id, decision, key),
      ),
    onSuccess: ({ deposit }) => refresh(deposit.customer.id),
  });
}

export function useDecideHeldDeposit() {
  const refresh = useAfterMoneyChange();
  return useMutation({
    mutationFn: ({ id, decision, key }: { id: number; decision: HeldDecision; key: string }) =>
      withLoading('Registrando decisão...', () => decideHeldDeposit(id, decision, key)),
    onSuccess: ({ deposit }) => refresh(deposit.customer.id),
  });
}

export function useSimulateDepositPayment() {
  const refresh = useAfterMoneyChange();
  return useMutation({
    mutationFn: ({ id, key }: { id: number; key: string }) =>
      withLoading('Simulando pagamento...', () => simulateDepositPayment(id, key)),
    onSuccess: ({ deposit }) => refresh(deposit.customer.id),
  });
}

// ---------------------------------------------------------------- withdrawals

/** GET /api/admin/withdrawals?status=&page= */
function getAdminWithdrawals(status: WithdrawalStatus, page: number): Promise<AdminWithdrawalsResponse> {
  return api.get<AdminWithdrawalsResponse>('/admin/withdrawals', { query: { status, page } });
}

export function useAdminWithdrawals(status: WithdrawalStatus, page: number) {
  return useQuery({
    queryKey: [...ADMIN_WITHDRAWALS_QUERY_KEY, status, page],
    queryFn: () => getAdminWithdrawals(status, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/admin/withdrawals/{id}/review → { withdrawal, message }: approve pays it through the provider. */
function reviewWithdrawal(id: number, decision: MoneyDecision, key: string): Promise<AdminWithdrawalResponse> {
  return postMoney<AdminWithdrawalResponse>(`/admin/withdrawals/${id}/review`, decision, key);
}

export function useReviewWithdrawal() {
  const refresh = useAfterMoneyChange();
  return useMutation({
    mutationFn: ({ id, decision, key }: { id: number; decision: MoneyDecision; key: string }) =>
      withLoading(decision.decision === 'approve' ? 'Enviando pagamento...' : 'Recusando retirada...', () =>
        reviewWithdrawal(id, decision, key),
      ),
    onSuccess: ({ withdrawal }) => refresh(withdrawal.customer.id),
  });
}

/** How an operator settles a payout the provider never answered: paid, or not paid (with the reason). */
export type PayoutSettlement = z.input<typeof PayoutSettlementRequest>;

/** POST /api/admin/withdrawals/{id}/payout → { withdrawal, message } */
function settlePayout(id: number, settlement: PayoutSettlement, key: string): Promise<AdminWithdrawalResponse> {
  return postMoney<AdminWithdrawalResponse>(`/admin/withdrawals/${id}/payout`, settlement, key);
}

export function useSettlePayout() {
  const refresh = useAfterMoneyChange();
  return useMutation({
    mutationFn: ({ id, settlement, key }: { id: number; settlement: PayoutSettlement; key: string }) =>
      withLoading('Registrando a transferência...', () => settlePayout(id, settlement, key)),
    onSuccess: ({ withdrawal }) => refresh(withdrawal.customer.id),
  });
}

// ---------------------------------------------------------------- statement

/** GET /api/admin/customers/{id}/statement?page=: the ledger lines, newest first, and the balances now. */
function getCustomerStatement(customerId: number, page: number): Promise<StatementResponse> {
  return api.get<StatementResponse>(`/admin/customers/${customerId}/statement`, { query: { page } });
}

export function useCustomerStatement(customerId: number, page: number) {
  return useQuery({
    queryKey: [...statementQueryKey(customerId), page],
    queryFn: () => getCustomerStatement(customerId, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
