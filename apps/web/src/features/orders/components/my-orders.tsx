import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COMPLETED_ORDERS_ON_SCREEN, formatBRL, formatDateTimeBR, formatGrams } from '@prata/domain';
import type { ReactNode } from 'react';
import { reaisText, gramsText } from '@/components/money-text';
import { RouterLink } from '@/components/router-link';
import { toMinorUnits } from '@/lib/format';
import type { Order } from '../api/types';
import {
  COMPLETED_HISTORY_PATH,
  NO_COMPLETED_ORDERS,
  NO_PENDING_ORDERS,
  ORDER_TYPE_LABELS,
  SEE_HISTORY,
} from '../labels';
import { orderChargeColumns, orderQuantityColumn } from '../columns';
import { type ListColumn, ResponsiveTable } from './responsive-table';

const date: ListColumn<Order> = {
  key: 'date',
  header: 'Data',
  nowrap: true,
  render: (row) => formatDateTimeBR(row.created_at),
};
const type: ListColumn<Order> = { key: 'type', header: 'Tipo', render: (row) => ORDER_TYPE_LABELS[row.type] };
const price: ListColumn<Order> = {
  key: 'price',
  header: 'Preço por grama',
  align: 'right',
  nowrap: true,
  render: (row) => reaisText(row.price_per_gram),
};

const pendingColumns: ReadonlyArray<ListColumn<Order>> = [
  date,
  type,
  price,
  {
    key: 'quantity',
    header: 'Quantidade',
    align: 'right',
    nowrap: true,
    render: (row) => (
      <>
        {gramsText(row.quantity_grams)}
        {row.filled_grams > 0 && (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {formatGrams(toMinorUnits(row.filled_grams))} de {formatGrams(toMinorUnits(row.ordered_grams))} executados
          </Typography>
        )}
      </>
    ),
  },
  { key: 'value', header: 'Valor', align: 'right', nowrap: true, render: (row) => reaisText(row.total_amount) },
];

const completedColumns: ReadonlyArray<ListColumn<Order>> = [
  date,
  type,
  price,
  orderQuantityColumn<Order>(),
  ...orderChargeColumns<Order>(),
];

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1 }}>
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
}

/**
 * "Minhas ordens" (spec 2 §2): the pending orders with their cancel button, and the last completed orders (up to 10);
 * "Ver histórico" leads to /meu-historico/ordens-realizadas when exactly 10 are shown.
 */
export function MyOrders({
  pending,
  completed,
  onCancel,
}: {
  pending: readonly Order[];
  completed: readonly Order[];
  onCancel: (order: Order) => void;
}) {
  const shown = completed.slice(0, COMPLETED_ORDERS_ON_SCREEN);
  return (
    <Stack spacing={4}>
      <Section title="Ordens pendentes">
        <ResponsiveTable
          label="Ordens pendentes"
          columns={pendingColumns}
          rows={pending}
          rowKey={(row) => row.id}
          emptyText={NO_PENDING_ORDERS}
          actions={(row) => (
            <Button
              size="small"
              color="error"
              onClick={() => onCancel(row)}
              aria-label={`Cancelar a ordem de ${ORDER_TYPE_LABELS[row.type].toLowerCase()} de ${formatGrams(toMinorUnits(row.quantity_grams))} a ${formatBRL(toMinorUnits(row.price_per_gram))} por grama`}
            >
              Cancelar
            </Button>
          )}
        />
      </Section>
      <Section
        title="Ordens realizadas"
        action={
          shown.length === COMPLETED_ORDERS_ON_SCREEN && (
            <Button component={RouterLink} to={COMPLETED_HISTORY_PATH} size="small">
              {SEE_HISTORY}
            </Button>
          )
        }
      >
        <ResponsiveTable
          label="Ordens realizadas"
          columns={completedColumns}
          rows={shown}
          rowKey={(row) => row.id}
          emptyText={NO_COMPLETED_ORDERS}
        />
      </Section>
    </Stack>
  );
}
