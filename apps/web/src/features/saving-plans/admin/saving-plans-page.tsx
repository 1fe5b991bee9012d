import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatDateTimeBR,
  formatDecimalGrams,
  SAVING_PLAN_STATUS_LABELS,
  SAVING_RUN_STATUS_LABELS,
} from '@prata/domain';
import { CustomerCell } from '@/components/admin/customer-cell';
import { StaffTable } from '@/components/admin/staff-table';
import { PageHeader } from '@/components/page';
import { type Column, usePageParam } from '@/components/paginated-table';
import { StatusChip } from '@/components/status-chip';
import { brl, dateBR, PAYMENT_METHOD_LABELS, planTitle } from '../labels';
import { useAdminSavingPlans } from './api';

type Row = NonNullable<ReturnType<typeof useAdminSavingPlans>['data']>['plans']['data'][number];

const COLUMNS: ReadonlyArray<Column<Row>> = [
  { key: 'id', header: 'Nº', nowrap: true, render: (row) => `nº ${row.id}` },
  { key: 'date', header: 'Criado', nowrap: true, width: 150, render: (row) => formatDateTimeBR(row.created_at) },
  { key: 'customer', header: 'Cliente', minWidth: 200, render: (row) => <CustomerCell customer={row.customer} /> },
  {
    key: 'plan',
    header: 'Plano',
    minWidth: 200,
    render: (row) => (
      <>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {planTitle(row)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {PAYMENT_METHOD_LABELS[row.payment_method]}
          {row.authorization_id ? ` · autorização ${row.authorization_id}` : ''}
        </Typography>
      </>
    ),
  },
  {
    key: 'status',
    header: 'Situação',
    render: (row) => (
      <>
        <StatusChip status={row.status} labels={SAVING_PLAN_STATUS_LABELS} />
        {row.end_reason && (
          <Typography variant="caption" component="div" color="text.secondary">
            {row.end_reason}
          </Typography>
        )}
      </>
    ),
  },
  {
    key: 'runs',
    header: 'Compras recentes',
    minWidth: 260,
    render: (row) => (
      <Stack spacing={0.25}>
        {row.runs.length === 0 && (
          <Typography variant="caption" color="text.secondary">
            nenhuma
          </Typography>
        )}
        {row.runs.slice(0, 5).map((run) => (
          <Typography key={run.id} variant="caption">
            {dateBR(run.period)} · {SAVING_RUN_STATUS_LABELS[run.status]}
            {run.quantity_grams !== null
              ? ` · ${formatDecimalGrams(run.quantity_grams)} por ${brl(run.total ?? 0)}`
              : ''}
            {run.reason ? ` · ${run.reason}` : ''}
          </Typography>
        ))}
      </Stack>
    ),
  },
];

/** Poupanças: every saving plan with its latest runs. Read-only. */
export function AdminSavingPlansPage() {
  const [page, setPage] = usePageParam();
  const plans = useAdminSavingPlans(page);
  return (
    <>
      <PageHeader
        title="Poupanças automáticas"
        description="Planos de compra recorrente dos clientes e o que cada execução comprou."
      />
      <StaffTable
        label="Poupanças automáticas"
        columns={COLUMNS}
        rowKey={(row) => row.id}
        data={plans.data?.plans}
        isPending={plans.isPending}
        error={plans.error}
        onRetry={() => void plans.refetch()}
        page={page}
        onPageChange={setPage}
        emptyText="Nenhuma poupança automática."
      />
    </>
  );
}

export const Component = AdminSavingPlansPage;
