import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR } from '@prata/domain';
import { MoneyText } from '@/components/money-text';
import { RouterLink } from '@/components/router-link';
import { StatusChip } from '@/components/status-chip';
import type { AdminSilverWithdrawal } from './api';
import {
  addressLines,
  allowedMoves,
  brl,
  grams,
  KIND_LABELS,
  PAYMENT_METHOD_LABELS,
  SILVER_STATUS_LABELS,
} from './labels';
import type { ShipmentAction } from './shipment-dialogs';

/** The order's number, kind and status, and who bought it (a customer links to their page). */
export function BuyerCell({ order }: { order: AdminSilverWithdrawal }) {
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

/** The bars ordered and their grams. */
export function ItemsCell({ row }: { row: AdminSilverWithdrawal }) {
  return (
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
  );
}

/** Where the bars go, how, and the tracking code once sent. */
export function AddressCell({ row }: { row: AdminSilverWithdrawal }) {
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
}

/** What was paid, how, and the coupon. */
export function PaymentCell({ row }: { row: AdminSilverWithdrawal }) {
  return (
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
  );
}

/** The order's dates, each once it happened. */
export function DatesCell({ row }: { row: AdminSilverWithdrawal }) {
  return (
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
  );
}

/** The moves the order's state allows: sent, delivered, refused, the refund tried again. */
export function ActionsCell({ row, act }: { row: AdminSilverWithdrawal; act: (action: ShipmentAction) => void }) {
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
}
