import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SILVER_WITHDRAWAL_STATUSES, type SilverWithdrawalStatus } from '@prata/domain';
import { useState } from 'react';
import { type Column, usePageParam } from '@/components/paginated-table';
import { useSearchParams } from '@/lib/search-params';
import { type AdminSilverWithdrawal, useAdminSilverWithdrawals } from './api';
import { SHIPMENT_FILTERS } from './labels';
import { StaffTable } from '@/components/admin/staff-table';
import { ActionsCell, AddressCell, BuyerCell, DatesCell, ItemsCell, PaymentCell } from './shipment-cells';
import { type ShipmentAction, ShipmentDialogs } from './shipment-dialogs';

const isStatus = (value: string | null): value is SilverWithdrawalStatus =>
  (SILVER_WITHDRAWAL_STATUSES as readonly string[]).includes(value ?? '');

/** The table's columns, one cell view each. */
const columns = (act: (action: ShipmentAction) => void): ReadonlyArray<Column<AdminSilverWithdrawal>> => [
  { key: 'buyer', header: 'Comprador', minWidth: 190, render: (row) => <BuyerCell order={row} /> },
  { key: 'items', header: 'Itens', minWidth: 130, render: (row) => <ItemsCell row={row} /> },
  { key: 'address', header: 'Endereço e envio', minWidth: 190, render: (row) => <AddressCell row={row} /> },
  { key: 'payment', header: 'Pagamento', nowrap: true, render: (row) => <PaymentCell row={row} /> },
  { key: 'dates', header: 'Datas', minWidth: 130, render: (row) => <DatesCell row={row} /> },
  { key: 'actions', header: 'Ações', render: (row) => <ActionsCell row={row} act={act} /> },
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
