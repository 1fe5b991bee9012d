import { gramsText, reaisText } from '@/components/money-text';

/** What every list of completed orders shows of an order (the orders screen, the history, the IRPF guide). */
type Charged = { quantity_grams: number; transaction_fee: number; iof_fee: number; total_amount: number };

const amount = { align: 'right' as const, nowrap: true };

/** The grams traded. */
export function orderQuantityColumn<T extends Charged>() {
  return { key: 'quantity', header: 'Quantidade', ...amount, render: (row: T) => gramsText(row.quantity_grams) };
}

/** The operating fee, the IOF and the total paid or received: a completed order's last three columns. */
export function orderChargeColumns<T extends Charged>() {
  return [
    { key: 'fee', header: 'Taxa operacional', ...amount, render: (row: T) => reaisText(row.transaction_fee) },
    { key: 'iof', header: 'IOF', ...amount, render: (row: T) => reaisText(row.iof_fee) },
    { key: 'total', header: 'Total', ...amount, render: (row: T) => reaisText(row.total_amount) },
  ];
}
