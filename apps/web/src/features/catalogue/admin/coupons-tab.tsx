import AddOutlined from '@mui/icons-material/AddOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR } from '@prata/domain';
import { useState } from 'react';
import type { Column } from '@/components/paginated-table';
import { type AdminCoupon, useAdminCoupons } from './api';
import { percent } from './labels';
import { StaffTable } from '@/components/admin/staff-table';
import { CouponDialog } from './coupon-dialog';

/** Whether a coupon can be used now, in words: active, not yet valid, expired, used up or inactive. */
function couponState(
  coupon: AdminCoupon,
  now = Date.now(),
): { label: string; color: 'success' | 'default' | 'warning' } {
  if (!coupon.active) return { label: 'Inativo', color: 'default' };
  if (coupon.valid_from && new Date(coupon.valid_from).getTime() > now)
    return { label: 'Ainda não vale', color: 'warning' };
  if (coupon.valid_until && new Date(coupon.valid_until).getTime() < now)
    return { label: 'Expirado', color: 'default' };
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses) return { label: 'Esgotado', color: 'default' };
  return { label: 'Ativo', color: 'success' };
}

function validity(coupon: AdminCoupon): string {
  const from = coupon.valid_from ? formatDateTimeBR(coupon.valid_from) : null;
  const until = coupon.valid_until ? formatDateTimeBR(coupon.valid_until) : null;
  if (from && until) return `${from} a ${until}`;
  if (from) return `A partir de ${from}`;
  if (until) return `Até ${until}`;
  return 'Sem prazo';
}

/** Cupons: the list (GET /api/admin/coupons) with 'Novo cupom' and 'Editar'. */
export function CouponsTab() {
  const coupons = useAdminCoupons();
  const [editing, setEditing] = useState<{ coupon: AdminCoupon | null } | null>(null);
  const rows = coupons.data?.coupons;
  const columns: ReadonlyArray<Column<AdminCoupon>> = [
    {
      key: 'code',
      header: 'Código',
      render: (row) => (
        <Typography variant="body2" sx={{ fontWeight: 600, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {row.code}
        </Typography>
      ),
    },
    { key: 'fee', header: 'Taxa de transação', nowrap: true, render: (row) => percent(row.transaction_fee) },
    { key: 'discount', header: 'Desconto', nowrap: true, render: (row) => percent(row.discount_percent) },
    { key: 'validity', header: 'Validade', minWidth: 160, render: validity },
    {
      key: 'uses',
      header: 'Usos',
      nowrap: true,
      render: (row) => (row.max_uses === null ? `${row.uses} (sem limite)` : `${row.uses} de ${row.max_uses}`),
    },
    {
      key: 'state',
      header: 'Situação',
      render: (row) => {
        const state = couponState(row);
        return <Chip size="small" color={state.color} label={state.label} />;
      },
    },
    {
      key: 'actions',
      header: 'Ações',
      render: (row) => (
        <Button size="small" onClick={() => setEditing({ coupon: row })} aria-label={`Editar cupom ${row.code}`}>
          Editar
        </Button>
      ),
    },
  ];
  return (
    <>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography color="text.secondary" sx={{ maxWidth: 720 }}>
          O desconto vale sobre a cunhagem, o seguro e o frete da prata física, nunca sobre a prata nem os impostos. A
          taxa de transação é a taxa operacional que o cupom concede.
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => setEditing({ coupon: null })}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          Novo cupom
        </Button>
      </Stack>
      <StaffTable
        label="Cupons"
        columns={columns}
        rowKey={(row) => row.id}
        data={rows ? { data: rows, total: rows.length, per_page: rows.length } : undefined}
        isPending={coupons.isPending}
        error={coupons.error}
        onRetry={() => void coupons.refetch()}
        page={1}
        onPageChange={() => {}}
        emptyText="Nenhum cupom cadastrado."
      />
      {editing && (
        <CouponDialog key={editing.coupon?.id ?? 'new'} coupon={editing.coupon} onClose={() => setEditing(null)} />
      )}
    </>
  );
}
