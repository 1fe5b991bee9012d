/**
 * GET /api/silver-withdrawals?page=N → { silverWithdrawals: { data, total, per_page } }: the customer's purchases of
 * bars and withdrawals from custody, newest first. The history's tab reads it (features/history/tabs.tsx) through its
 * generic page loader, cached under ['history', SILVER_WITHDRAWALS_PATH, page].
 */
export const SILVER_WITHDRAWALS_PATH = '/silver-withdrawals';
