import Box from '@mui/material/Box';
import { formatDateTimeBR, SILVER_TRANSFER_STATUS_LABELS, SILVER_WITHDRAWAL_STATUS_LABELS } from '@prata/domain';
import type { Column } from '@/components/paginated-table';
import { reaisText, gramsText } from '@/components/money-text';
import { ReasonButton, StatusChip, StatusWithReason } from '@/components/status-chip';
import { DEPOSIT_METHOD_LABELS, depositStatusLabels, PendingPixActions } from '@/features/money';
import { ORDER_TYPE_LABELS, orderChargeColumns, orderQuantityColumn } from '@/features/orders';
import { CancelSilverTransfer, SILVER_TRANSFERS_PATH, TransferReceiptButton } from '@/features/silver-transfers';
import { SILVER_WITHDRAWALS_PATH } from '@/features/silver-withdrawals';
import { CancelSilverWithdrawal } from './components/cancel-silver-withdrawal';
import { TransferParty } from './components/transfer-party';
import type { DepositRow, EventLogRow, OrderRow, SilverTransferRow, SilverWithdrawalRow, WithdrawalRow } from './types';

/**
 * Where a tab reads its rows: GET `path`?page=N, whose answer holds the page under `key` ({ data, total,
 * per_page }). Null while the endpoint does not exist yet: the tab says so instead of calling it.
 */
export type HistorySource = { path: string; key: string };

export type HistoryTab<T = unknown> = {
  /** The :tab parameter of /meu-historico/:tab? */
  value: string;
  label: string;
  source: HistorySource | null;
  columns: ReadonlyArray<Column<T>>;
  rowKey: (row: T) => number | string;
  /** The table's accessible name. */
  tableLabel: string;
};
const date = <T extends { created_at: string }>(): Column<T> => ({
  key: 'created_at',
  header: 'Data',
  nowrap: true,
  width: 170,
  render: (row) => formatDateTimeBR(row.created_at),
});
const status = <T extends { status: string; rejection_reason?: string | null }>(): Column<T> => ({
  key: 'status',
  header: 'Status',
  render: (row) => <StatusWithReason status={row.status} reason={row.rejection_reason} />,
});

/**
 * A deposit's status: a pending Pix charge is "Aguardando pagamento" (a pending TED is "Em análise"); a refunded
 * payment shows why, as a rejected deposit does.
 */
function DepositStatus({ row }: { row: DepositRow }) {
  const labels = depositStatusLabels(row);
  if (row.status === 'refunded' && row.rejection_reason) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
        <StatusChip status={row.status} labels={labels} />
        <ReasonButton reason={row.rejection_reason} title="Motivo da devolução" />
      </Box>
    );
  }
  return <StatusWithReason status={row.status} reason={row.rejection_reason} labels={labels} />;
}

const orderType: Column<OrderRow> = {
  key: 'type',
  header: 'Tipo',
  render: (row) => ORDER_TYPE_LABELS[row.type] ?? row.type,
};
const orderPrice: Column<OrderRow> = {
  key: 'price',
  header: 'Preço por grama',
  align: 'right',
  nowrap: true,
  render: (row) => reaisText(row.price_per_gram),
};

/** A completed order: the average price of its fills, the grams traded, the charges and what was paid or received. */
const completedOrderColumns: ReadonlyArray<Column<OrderRow>> = [
  date<OrderRow>(),
  orderType,
  orderPrice,
  orderQuantityColumn<OrderRow>(),
  ...orderChargeColumns<OrderRow>(),
];

/** A cancelled order: when, its limit price, the grams taken off the book and their value at that price. */
const cancelledOrderColumns: ReadonlyArray<Column<OrderRow>> = [
  {
    key: 'deleted_at',
    header: 'Cancelada em',
    nowrap: true,
    width: 170,
    render: (row) => formatDateTimeBR(row.deleted_at ?? row.updated_at),
  },
  orderType,
  orderPrice,
  {
    key: 'quantity',
    header: 'Quantidade cancelada',
    align: 'right',
    nowrap: true,
    render: (row) => gramsText(row.quantity_grams),
  },
  { key: 'value', header: 'Valor', align: 'right', nowrap: true, render: (row) => reaisText(row.total_amount) },
];

/** Keeps each tab's row type while the list holds them side by side. */
const tab = <T,>(definition: HistoryTab<T>) => definition as unknown as HistoryTab;

/**
 * The tabs of /meu-historico in the spec's order and indices (spec 2 §2): dinheiro-adicionado 0 …
 * demais-eventos 5, then "Ordens canceladas" (ordens-canceladas, index 6, our value). A later issue that builds
 * an endpoint switches its tab on by setting `source`.
 */
export const HISTORY_TABS: readonly HistoryTab[] = [
  tab<DepositRow>({
    value: 'dinheiro-adicionado',
    label: 'Dinheiro adicionado',
    source: { path: '/deposits', key: 'deposits' },
    tableLabel: 'Depósitos',
    rowKey: (row) => row.id,
    // the amount with when and how, beside the status and a pending charge's "Pagar" and "Cancelar"
    columns: [
      {
        key: 'deposit',
        header: 'Depósito',
        render: (row) => (
          <>
            <Box sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{reaisText(row.amount)}</Box>
            <Box sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTimeBR(row.created_at)}
              </Box>{' '}
              · <span>{DEPOSIT_METHOD_LABELS[row.method] ?? row.method}</span>
            </Box>
          </>
        ),
      },
      {
        key: 'status',
        header: 'Status',
        render: (row) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
            <DepositStatus row={row} />
            <PendingPixActions deposit={row} />
          </Box>
        ),
      },
    ],
  }),
  tab<WithdrawalRow>({
    value: 'dinheiro-retirado',
    label: 'Dinheiro retirado',
    source: { path: '/withdrawals', key: 'withdrawals' },
    tableLabel: 'Retiradas de dinheiro',
    rowKey: (row) => row.id,
    columns: [
      date<WithdrawalRow>(),
      { key: 'destination', header: 'Destino', render: (row) => row.destination },
      { key: 'amount', header: 'Valor', align: 'right', nowrap: true, render: (row) => reaisText(row.amount) },
      { key: 'fee', header: 'Tarifa', align: 'right', nowrap: true, render: (row) => reaisText(row.fee) },
      { key: 'net', header: 'Líquido', align: 'right', nowrap: true, render: (row) => reaisText(row.net_amount) },
      status<WithdrawalRow>(),
    ],
  }),
  tab<SilverWithdrawalRow>({
    value: 'prata-retirada',
    label: 'Prata retirada',
    source: { path: SILVER_WITHDRAWALS_PATH, key: 'silverWithdrawals' },
    tableLabel: 'Retiradas de prata',
    rowKey: (row) => row.id,
    columns: [
      date<SilverWithdrawalRow>(),
      {
        key: 'items',
        header: 'Itens',
        minWidth: 160,
        render: (row) => row.items.map((item) => `${item.quantity}× ${item.name}`).join(', '),
      },
      {
        key: 'quantity',
        header: 'Quantidade',
        align: 'right',
        nowrap: true,
        render: (row) => gramsText(row.quantity_grams),
      },
      {
        key: 'status',
        header: 'Status',
        render: (row) => (
          <StatusWithReason
            status={row.status}
            reason={row.rejection_reason}
            labels={SILVER_WITHDRAWAL_STATUS_LABELS}
          />
        ),
      },
      {
        key: 'tracking',
        header: 'Rastreio',
        render: (row) => (row.tracking_code ? <Box component="code">{row.tracking_code}</Box> : '—'),
      },
      {
        key: 'actions',
        header: 'Ações',
        // nothing (not even the name, on a phone's card) when there is nothing to do
        render: (row) => (row.cancellable ? <CancelSilverWithdrawal row={row} /> : null),
      },
    ],
  }),
  tab<SilverTransferRow>({
    value: 'prata-transferida',
    label: 'Prata transferida',
    source: { path: SILVER_TRANSFERS_PATH, key: 'silverTransfers' },
    tableLabel: 'Transferências de prata',
    rowKey: (row) => row.id,
    columns: [
      date<SilverTransferRow>(),
      {
        key: 'receiver',
        header: 'Transferência',
        minWidth: 180,
        render: (row) => <TransferParty row={row} />,
      },
      {
        key: 'quantity',
        header: 'Quantidade',
        align: 'right',
        nowrap: true,
        render: (row) => gramsText(row.quantity_grams),
      },
      {
        key: 'status',
        header: 'Status',
        render: (row) => <StatusWithReason status={row.status} labels={SILVER_TRANSFER_STATUS_LABELS} />,
      },
      {
        key: 'actions',
        header: 'Ações',
        render: (row) => (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <TransferReceiptButton row={row} />
            <CancelSilverTransfer row={row} />
          </Box>
        ),
      },
    ],
  }),
  tab<OrderRow>({
    value: 'ordens-realizadas',
    label: 'Ordens realizadas',
    source: { path: '/orders/completed', key: 'orders' },
    tableLabel: 'Ordens realizadas',
    rowKey: (row) => row.id,
    columns: completedOrderColumns,
  }),
  tab<EventLogRow>({
    value: 'demais-eventos',
    label: 'Demais eventos',
    source: { path: '/event-logs', key: 'event_logs' },
    tableLabel: 'Demais eventos',
    rowKey: (row) => row.id,
    columns: [date<EventLogRow>(), { key: 'description', header: 'Descrição', render: (row) => row.description }],
  }),
  tab<OrderRow>({
    value: 'ordens-canceladas',
    label: 'Ordens canceladas',
    source: { path: '/orders/deleted', key: 'deleted_orders' },
    tableLabel: 'Ordens canceladas',
    rowKey: (row) => row.id,
    columns: cancelledOrderColumns,
  }),
];

/** The tab a URL opens: no value is the first tab; an unknown value is null. */
export function historyTabFromParam(param: string | undefined): HistoryTab | null {
  if (!param) return HISTORY_TABS[0] ?? null;
  return HISTORY_TABS.find((t) => t.value === param) ?? null;
}

export function historyTabIndex(param: string | undefined): number {
  const found = historyTabFromParam(param);
  return found ? HISTORY_TABS.indexOf(found) : 0;
}

export const historyPath = (value: string) => `/meu-historico/${value}`;
