import { MoneyText } from '@/components/money-text';
import type { Column } from '@/components/paginated-table';
import { formatReais as brl } from '@/lib/format';
import type { AdminDeposit } from './api';

/** A deposit's amount, right-aligned, as every deposit queue shows it. */
export const amountColumn: Column<AdminDeposit> = {
  key: 'amount',
  header: 'Valor',
  nowrap: true,
  align: 'right',
  render: (row) => <MoneyText sx={{ fontWeight: 600 }}>{brl(row.amount)}</MoneyText>,
};
