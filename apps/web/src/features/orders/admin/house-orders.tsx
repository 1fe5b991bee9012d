import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBRL, formatDateTimeBR, mulDivHalfUp } from '@prata/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { MoneyText } from '@/components/money-text';
import type { Column } from '@/components/paginated-table';
import { hasErrorCode } from '@/lib/api';
import { toMinorUnits } from '@/lib/format';
import { notify } from '@/lib/notify';
import { useIntention } from '@/lib/intention';
import { type HouseOrder, useCancelHouseOrder } from './api';
import { brl, grams, HOUSE_ORDER_STATUS_LABELS, perGram, SIDE_LABELS } from './labels';
import { StaffTable } from '@/components/admin/staff-table';

const STATUS_COLORS: Record<HouseOrder['status'], ChipProps['color']> = {
  open: 'info',
  filled: 'success',
  cancelled: 'default',
};

/** What an open buy holds: its open grams at its price (the house pays no fee). */
const heldReais = (order: HouseOrder) =>
  formatBRL(mulDivHalfUp(toMinorUnits(order.price_per_gram), toMinorUnits(order.quantity_grams), 100));

const describe = (order: HouseOrder) =>
  `${SIDE_LABELS[order.type].toLowerCase()} de ${grams(order.quantity_grams)} a ${perGram(order.price_per_gram)}`;

/** "Cancelar" asks first: what is still open leaves the book and what it held goes back to the house. */
function CancelDialog({ order, onClose }: { order: HouseOrder | null; onClose: () => void }) {
  const cancel = useCancelHouseOrder();
  const intention = useIntention({ cancelHouseOrder: order?.id ?? null });
  const confirm = async () => {
    if (!order) return;
    try {
      const answer = await intention.run((key) => cancel.mutateAsync({ id: order.id, key }));
      if (!answer) return;
      notify.success(answer.message);
      onClose();
    } catch (error) {
      // filled or cancelled meanwhile: the list is read again, and the operator sees why nothing was cancelled
      if (hasErrorCode(error, 'ORDER_NOT_OPEN', 'NOT_FOUND')) notify.warning(error.message);
      else notify.error(error);
      onClose();
    }
  };
  return (
    <ConfirmDialog
      open={order !== null}
      title="Cancelar ordem da casa?"
      confirmLabel="Cancelar ordem"
      cancelLabel="Voltar"
      confirmColor="error"
      pending={intention.busy}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {order && (
        <Typography>
          A ordem de {describe(order)} sai do livro. O que ela reservava (
          {order.type === 'buy' ? heldReais(order) : grams(order.quantity_grams)}) volta ao saldo disponível da casa. O
          que já foi executado não muda.
        </Typography>
      )}
    </ConfirmDialog>
  );
}

/** The columns every order has: side and number, price, grams ordered, executed and open, status. */
const COLUMNS: ReadonlyArray<Column<HouseOrder>> = [
  {
    key: 'order',
    header: 'Ordem',
    minWidth: 160,
    render: (row) => (
      <Stack spacing={0.25}>
        <Typography variant="body2" sx={{ fontWeight: 600, color: row.type === 'buy' ? 'success.main' : 'error.main' }}>
          {SIDE_LABELS[row.type]} #{row.id}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDateTimeBR(row.created_at)}
        </Typography>
      </Stack>
    ),
  },
  {
    key: 'price',
    header: 'Preço por grama',
    nowrap: true,
    align: 'right',
    render: (row) => <MoneyText>{brl(row.price_per_gram)}</MoneyText>,
  },
  {
    key: 'ordered',
    header: 'Pedida',
    nowrap: true,
    align: 'right',
    render: (row) => <MoneyText>{grams(row.ordered_grams)}</MoneyText>,
  },
  {
    key: 'filled',
    header: 'Executada',
    nowrap: true,
    align: 'right',
    render: (row) => <MoneyText>{grams(row.filled_grams)}</MoneyText>,
  },
  {
    key: 'open',
    header: 'Em aberto',
    nowrap: true,
    align: 'right',
    render: (row) => <MoneyText>{row.status === 'open' ? grams(row.quantity_grams) : '—'}</MoneyText>,
  },
  {
    key: 'status',
    header: 'Situação',
    render: (row) => (
      <Chip
        size="small"
        variant={row.status === 'cancelled' ? 'outlined' : 'filled'}
        color={STATUS_COLORS[row.status]}
        label={HOUSE_ORDER_STATUS_LABELS[row.status]}
      />
    ),
  },
];

/** "Cancelar" on an open order. */
const actionsColumn = (onCancel: (order: HouseOrder) => void): Column<HouseOrder> => ({
  key: 'actions',
  header: 'Ações',
  render: (row) =>
    row.status === 'open' ? (
      <Button size="small" color="error" onClick={() => onCancel(row)} aria-label={`Cancelar ordem da casa #${row.id}`}>
        Cancelar
      </Button>
    ) : null,
});

/** Executed and cancelled orders listed below the open ones before "Mostrar mais". */
const CLOSED_SHOWN = 5;

/**
 * The house's orders: every open one (with "Cancelar"), then the latest executed or cancelled ones; the rest of what
 * the server sent behind "Mostrar mais". Newest first within each group.
 */
export function HouseOrders({
  orders,
  isPending,
  error,
  onRetry,
}: {
  orders: readonly HouseOrder[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const [cancelling, setCancelling] = useState<HouseOrder | null>(null);
  const [showAll, setShowAll] = useState(false);
  const columns = [...COLUMNS, actionsColumn(setCancelling)];
  const all = orders ?? [];
  const newestFirst = [...all].sort((a, b) => b.id - a.id);
  const open = newestFirst.filter((o) => o.status === 'open');
  const closed = newestFirst.filter((o) => o.status !== 'open');
  const hidden = showAll ? 0 : Math.max(0, closed.length - CLOSED_SHOWN);
  const rows = orders ? [...open, ...(showAll ? closed : closed.slice(0, CLOSED_SHOWN))] : undefined;
  return (
    <>
      <StaffTable
        label="Ordens da casa"
        columns={columns}
        rowKey={(row) => row.id}
        data={rows && { data: rows, total: rows.length, per_page: Math.max(rows.length, 1) }}
        isPending={isPending}
        error={error}
        onRetry={onRetry}
        page={1}
        onPageChange={() => {}}
        emptyText="A casa não tem ordens abertas nem recentes."
      />
      {(hidden > 0 || showAll) && (
        <Button size="small" sx={{ mt: 1 }} onClick={() => setShowAll(!showAll)}>
          {showAll
            ? 'Mostrar só as recentes'
            : `Mostrar mais ${hidden} ${hidden === 1 ? 'ordem encerrada' : 'ordens encerradas'}`}
        </Button>
      )}
      <CancelDialog order={cancelling} onClose={() => setCancelling(null)} />
    </>
  );
}
