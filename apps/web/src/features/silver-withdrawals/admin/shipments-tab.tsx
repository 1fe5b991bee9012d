import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR, SILVER_WITHDRAWAL_STATUSES, type SilverWithdrawalStatus } from '@prata/domain';
import { useState } from 'react';
import { MoneyText } from '../../../components/money-text';
import { type Column, usePageParam } from '../../../components/paginated-table';
import { RouterLink } from '../../../components/router-link';
import { StatusChip } from '../../../components/status-chip';
import { useSearchParams } from '../../../lib/search-params';
import { type AdminSilverWithdrawal, useAdminSilverWithdrawals } from './api';
import {
  addressLines,
  allowedMoves,
  brl,
  grams,
  KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  SHIPMENT_FILTERS,
  SILVER_STATUS_LABELS,
} from './labels';
import { StaffTable } from '../../../components/admin/staff-table';
import { type ShipmentAction, ShipmentDialogs } from './shipment-dialogs';

const isStatus = (value: string | null): value is SilverWithdrawalStatus =>
  (SILVER_WITHDRAWAL_STATUSES as readonly string[]).includes(value ?? '');

function BuyerCell({ order }: { order: AdminSilverWithdrawal }) {
  const { buyer } = order;
  return (
    <Stack spacing={0.25} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary">
          Nº {order.id} · {KIND_LABELS[order.kind]}
        </Typography>
        <StatusChip status={order.status} labels={SILVER_STATUS_LABELS} />
        {order.refund_pending && <Chip size="small" color="warning" label="Reembolso pendente" />}
      </Stack>
      {buyer.customer_id ? (
        <Link component={RouterLink} to={`/admin/clientes/${buyer.customer_id}`} sx={{ fontWeight: 600 }}>
          {buyer.name || `Cliente nº ${buyer.customer_id}`}
        </Link>
      ) : (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {buyer.name}
          </Typography>
          <Chip size="small" variant="outlined" label="Visitante" />
        </Stack>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {buyer.email}
      </Typography>
      {order.rejection_reason && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          Motivo: {order.rejection_reason}
        </Typography>
      )}
    </Stack>
  );
}

const DATE_LINES = [
  ['created_at', 'Pedido'],
  ['paid_at', 'Pago'],
  ['sent_at', 'Enviado'],
  ['delivered_at', 'Entregue'],
  ['refunded_at', 'Reembolsado'],
] as const;

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the table's columns, one entry each
const columns = (act: (action: ShipmentAction) => void): ReadonlyArray<Column<AdminSilverWithdrawal>> => [
  { key: 'buyer', header: 'Comprador', minWidth: 190, render: (row) => <BuyerCell order={row} /> },
  {
    key: 'items',
    header: 'Itens',
    minWidth: 130,
    render: (row) => (
      <>
        <Stack component="ul" spacing={0.25} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {row.items.map((item) => (
            <Typography component="li" variant="body2" key={item.product_type_id}>
              {item.quantity} × {item.name}
            </Typography>
          ))}
        </Stack>
        <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          {grams(row.quantity_grams)}
        </Typography>
      </>
    ),
  },
  {
    key: 'address',
    header: 'Endereço e envio',
    minWidth: 190,
    render: (row) => {
      const [first, second] = addressLines(row.address);
      return (
        <>
          <Typography variant="body2">{first}</Typography>
          <Typography variant="body2" color="text.secondary">
            {second}
          </Typography>
          {row.address.other_info && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {row.address.other_info}
            </Typography>
          )}
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {row.shipping.Carrier} · {row.shipping.ServiceDescription}{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              ({row.shipping.DeliveryTime} {row.shipping.DeliveryTime === 1 ? 'dia útil' : 'dias úteis'})
            </Typography>
          </Typography>
          {row.tracking_code && (
            <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
              Rastreio: {row.tracking_code}
            </Typography>
          )}
        </>
      );
    },
  },
  {
    key: 'payment',
    header: 'Pagamento',
    nowrap: true,
    render: (row) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          <MoneyText>{brl(row.total)}</MoneyText>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {PAYMENT_METHOD_LABELS[row.payment_method]}
        </Typography>
        {row.coupon_code && (
          <Typography variant="body2" color="text.secondary">
            Cupom {row.coupon_code}
          </Typography>
        )}
      </>
    ),
  },
  {
    key: 'dates',
    header: 'Datas',
    minWidth: 130,
    render: (row) => (
      <>
        {DATE_LINES.map(([field, label]) =>
          row[field] ? (
            <Typography key={field} variant="body2" color={field === 'created_at' ? undefined : 'text.secondary'}>
              {label}{' '}
              <Box component="span" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {formatDateTimeBR(row[field])}
              </Box>
            </Typography>
          ) : null,
        )}
      </>
    ),
  },
  {
    key: 'actions',
    header: 'Ações',
    render: (row) => {
      const moves = allowedMoves(row);
      if (!moves.send && !moves.deliver && !moves.reject && !moves.retryRefund) {
        return (
          <Typography variant="body2" color="text.secondary">
            —
          </Typography>
        );
      }
      return (
        <Stack direction={{ xs: 'row', sm: 'column', xl: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
          {moves.send && (
            <Button
              size="small"
              variant="contained"
              color="secondary"
              onClick={() => act({ kind: 'sent', order: row })}
              aria-label={`Marcar enviado o pedido nº ${row.id}`}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Marcar enviado
            </Button>
          )}
          {moves.deliver && (
            <Button
              size="small"
              variant="contained"
              color="secondary"
              onClick={() => act({ kind: 'delivered', order: row })}
              aria-label={`Marcar entregue o pedido nº ${row.id}`}
              sx={{ whiteSpace: 'nowrap' }}
            >
              Marcar entregue
            </Button>
          )}
          {moves.reject && (
            <Button
              size="small"
              color="error"
              onClick={() => act({ kind: 'reject', order: row })}
              aria-label={`Recusar o pedido nº ${row.id}`}
            >
              Recusar
            </Button>
          )}
          {moves.retryRefund && (
            <Button
              size="small"
              variant="contained"
              color="warning"
              onClick={() => act({ kind: 'retry-refund', order: row })}
              aria-label={`Tentar reembolso de novo do pedido nº ${row.id}`}
            >
              Tentar reembolso de novo
            </Button>
          )}
        </Stack>
      );
    },
  },
];

const EXPLAIN: Partial<Record<SilverWithdrawalStatus, string>> = {
  paid: 'Pedidos pagos e retiradas pagas com saldo, do mais antigo para o mais novo: embale, envie e registre o código de rastreio. Recusar devolve ao comprador o que ele pagou.',
  sent: 'Pedidos a caminho: registre a entrega quando a transportadora confirmar.',
  pending: 'Pedidos por Pix ainda não pagos. Recusar cancela a cobrança.',
  rejected:
    'Pedidos recusados, do mais novo para o mais antigo. Um Pix que o provedor ainda não devolveu aparece como Reembolso pendente: tente de novo (perfil financeiro).',
};

/** Envios: the packing queue and the orders by status, with the moves of each state. */
export function ShipmentsTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const raw = searchParams.get('status');
  const status: SilverWithdrawalStatus = isStatus(raw) ? raw : 'paid';
  const orders = useAdminSilverWithdrawals(status, page);
  const [action, setAction] = useState<ShipmentAction | null>(null);
  const label = SHIPMENT_FILTERS.find((f) => f.value === status)?.label ?? status;

  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography color="text.secondary" sx={{ maxWidth: 720 }}>
          {EXPLAIN[status] ?? 'Pedidos encerrados, do mais novo para o mais antigo.'}
        </Typography>
        <TextField
          select
          size="small"
          label="Situação"
          value={status}
          onChange={(event) =>
            setSearchParams((params) => {
              params.set('status', event.target.value);
              params.delete('page');
              return params;
            })
          }
          sx={{ width: { xs: '100%', sm: 240 }, flexShrink: 0 }}
        >
          {SHIPMENT_FILTERS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <StaffTable
        label={`Pedidos de prata: ${label}`}
        columns={columns(setAction)}
        rowKey={(row) => row.id}
        data={orders.data}
        isPending={orders.isPending}
        error={orders.error}
        onRetry={() => void orders.refetch()}
        page={page}
        onPageChange={setPage}
        emptyText={status === 'paid' ? 'Nenhum pedido esperando envio.' : 'Nenhum pedido encontrado.'}
      />
      <ShipmentDialogs action={action} onClose={() => setAction(null)} />
    </>
  );
}
