/** Everything of the money screens lives under ['money'], so one invalidation refreshes them all. */
export const MONEY_QUERY_KEY = ['money'] as const;
export const DEPOSIT_OVERVIEW_QUERY_KEY = ['money', 'deposit'] as const;
export const WITHDRAWAL_OVERVIEW_QUERY_KEY = ['money', 'withdrawal'] as const;
export const qrCodeQueryKey = (depositId: number) => ['money', 'deposit', depositId, 'qrcode'] as const;
