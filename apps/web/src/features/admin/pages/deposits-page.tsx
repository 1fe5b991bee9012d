import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatBRL, formatDateTimeBR } from '@prata/domain';
import { useState } from 'react';
import { MoneyText } from '../../../components/money-text';
import { PageHeader } from '../../../components/page';
import { type Column, usePageParam } from '../../../components/paginated-table';
import { StatusChip } from '../../../components/status-chip';
import { downloadFromApi } from '../../../lib/download';
import { toMinorUnits } from '../../../lib/format';
import { useSearchParams } from '../../../lib/search-params';
import {
  type AdminDeposit,
  type DepositStatus,
  useAdminDeposits,
  useReviewDeposit,
  useSimulateDepositPayment,
} from '../api/money';
import { CustomerCell } from '../components/customer-cell';
import { StaffTable } from '../components/staff-table';
import { ReviewDialog } from '../components/review-dialog';
import { DEPOSIT_METHOD_LABELS, DEPOSIT_STATUS_LABELS } from '../money-labels';

const brl = (reais: number) => formatBRL(toMinorUnits(reais));

const QUEUES = [
  { value: 'ted', label: 'TED pendentes' },
  { value: 'pix', label: 'Pix pendentes' },
  { value: 'decididos', label: 'Decididos' },
] as const;
type Queue = (typeof QUEUES)[number]['value'];

const DECIDED = [
  { value: 'approved', label: 'Aprovados' },
  { value: 'rejected', label: 'Recusados' },
  { value: 'cancelled', label: 'Cancelados' },
] as const satisfies ReadonlyArray<{ value: DepositStatus; label: string }>;
type Decided = (typeof DECIDED)[number]['value'];

const isQueue = (value: string | null): value is Queue => QUEUES.some((q) => q.value === value);
const isDecided = (value: string | null): value is Decided => DECIDED.some((d) => d.value === value);

const dateColumn: Column<AdminDeposit> = {
  key: 'date',
  header: 'Data',
  nowrap: true,
  width: 150,
  render: (row) => formatDateTimeBR(row.created_at),
};
const customerColumn: Column<AdminDeposit> = {
  key: 'customer',
  header: 'Cliente',
  minWidth: 220,
  render: (row) => <CustomerCell customer={row.customer} />,
};
const amountColumn: Column<AdminDeposit> = {
  key: 'amount',
  header: 'Valor',
  nowrap: true,
  align: 'right',
  render: (row) => <MoneyText sx={{ fontWeight: 600 }}>{brl(row.amount)}</MoneyText>,
};

function DecidedAt({ at }: { at: string | null }) {
  if (!at) return null;
  return (
    <Typography variant="caption" color="text.secondary">
      em {formatDateTimeBR(at)}
    </Typography>
  );
}

type Decision = { kind: 'approve' | 'reject'; deposit: AdminDeposit };

/** Approve (credits the balance) or reject (with the reason) a TED deposit. */
function TedDecisionDialog({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const review = useReviewDeposit();
  const deposit = decision?.deposit;
  const approving = decision?.kind === 'approve';
  return (
    <ReviewDialog
      key={decision ? `${decision.kind}-${decision.deposit.id}` : 'closed'}
      decision={decision?.kind ?? null}
      title={approving ? 'Aprovar depósito por TED?' : 'Recusar depósito por TED?'}
      confirmLabel={approving ? 'Aprovar e creditar' : 'Recusar depósito'}
      onClose={onClose}
      onSubmit={async (reason) => {
        const answer = await review.mutateAsync({
          id: deposit!.id,
          decision: reason === null ? { decision: 'approve' } : { decision: 'reject', reason },
        });
        return { message: answer.message };
      }}
    >
      {deposit && (
        <Typography>
          {approving
            ? `Confira se ${brl(deposit.amount)} de ${deposit.customer.name} chegaram à conta da empresa. Ao aprovar, o valor entra no saldo disponível do cliente; isso não pode ser desfeito.`
            : `O depósito de ${brl(deposit.amount)} de ${deposit.customer.name} não será creditado. O cliente recebe o motivo por e-mail.`}
        </Typography>
      )}
    </ReviewDialog>
  );
}

/** "Simular pagamento": the embedded provider plays the payer's bank for a Pix deposit. */
function SimulateDialog({ deposit, onClose }: { deposit: AdminDeposit | null; onClose: () => void }) {
  const simulate = useSimulateDepositPayment();
  return (
    <ReviewDialog
      key={deposit ? `simulate-${deposit.id}` : 'closed'}
      decision={deposit ? 'approve' : null}
      title="Simular pagamento Pix?"
      confirmLabel="Simular pagamento"
      onClose={onClose}
      onSubmit={async () => {
        const answer = await simulate.mutateAsync(deposit!.id);
        return { message: answer.message };
      }}
    >
      {deposit && (
        <Typography>
          O provedor de pagamentos embutido faz o papel do banco de quem paga: ele avisa o Prata de que{' '}
          {brl(deposit.amount)} foram pagos, e o depósito de {deposit.customer.name} é creditado como se o Pix tivesse
          chegado. Só existe em desenvolvimento e demonstração.
        </Typography>
      )}
    </ReviewDialog>
  );
}

function TedQueue() {
  const [page, setPage] = usePageParam();
  const deposits = useAdminDeposits('pending', 'ted', page);
  const [decision, setDecision] = useState<Decision | null>(null);
  const columns: ReadonlyArray<Column<AdminDeposit>> = [
    customerColumn,
    dateColumn,
    amountColumn,
    {
      key: 'receipt',
      header: 'Comprovante',
      minWidth: 200,
      render: (row) =>
        row.has_receipt ? (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {row.receipt_name ?? 'comprovante'}
            </Typography>
            <Button
              size="small"
              startIcon={<ReceiptLongOutlined />}
              aria-label={`Ver comprovante de ${row.customer.name}`}
              onClick={() =>
                void downloadFromApi(`/admin/deposits/${row.id}/receipt`, row.receipt_name ?? `comprovante-${row.id}`)
              }
              sx={{ ml: -0.5 }}
            >
              Ver comprovante
            </Button>
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Sem comprovante
          </Typography>
        ),
    },
    {
      key: 'actions',
      header: 'Ações',
      render: (row) => (
        <Stack direction={{ xs: 'column', lg: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button
            size="small"
            variant="contained"
            color="secondary"
            onClick={() => setDecision({ kind: 'approve', deposit: row })}
            aria-label={`Aprovar depósito de ${row.customer.name}`}
          >
            Aprovar
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setDecision({ kind: 'reject', deposit: row })}
            aria-label={`Recusar depósito de ${row.customer.name}`}
          >
            Recusar
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Transferências informadas pelos clientes, da mais antiga para a mais nova. Abra o comprovante, confira o valor
        no extrato da conta da empresa e aprove ou recuse.
      </Typography>
      <StaffTable
        label="Depósitos por TED pendentes"
        columns={columns}
        rowKey={(row) => row.id}
        data={deposits.data}
        isPending={deposits.isPending}
        error={deposits.error}
        onRetry={() => void deposits.refetch()}
        page={page}
        onPageChange={setPage}
        emptyText="Nenhum depósito pendente."
      />
      <TedDecisionDialog decision={decision} onClose={() => setDecision(null)} />
    </>
  );
}

function PixQueue() {
  const [page, setPage] = usePageParam();
  const deposits = useAdminDeposits('pending', 'pix', page);
  const [simulating, setSimulating] = useState<AdminDeposit | null>(null);
  const canSimulate = deposits.data?.can_simulate_payments ?? false;
  const columns: ReadonlyArray<Column<AdminDeposit>> = [
    customerColumn,
    dateColumn,
    amountColumn,
    {
      key: 'payment',
      header: 'Pagamento no provedor',
      render: (row) => (
        <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          {row.asaas_payment_id ?? '—'}
        </Typography>
      ),
    },
    ...(canSimulate
      ? [
          {
            key: 'actions',
            header: 'Ações',
            render: (row: AdminDeposit) => (
              <Button
                size="small"
                variant="outlined"
                onClick={() => setSimulating(row)}
                aria-label={`Simular pagamento de ${row.customer.name}`}
                sx={{ whiteSpace: 'nowrap' }}
              >
                Simular pagamento
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Cobranças Pix geradas e ainda não pagas, da mais antiga para a mais nova. Um depósito Pix entra no saldo sozinho
        quando o provedor de pagamentos avisa que o Pix chegou; não há o que aprovar.
      </Typography>
      {canSimulate && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Provedor de pagamentos embutido (desenvolvimento e demonstração): “Simular pagamento” faz o papel do banco de
          quem paga e envia ao Prata o aviso de pagamento que o provedor real enviaria.
        </Alert>
      )}
      <StaffTable
        label="Depósitos Pix pendentes"
        columns={columns}
        rowKey={(row) => row.id}
        data={deposits.data}
        isPending={deposits.isPending}
        error={deposits.error}
        onRetry={() => void deposits.refetch()}
        page={page}
        onPageChange={setPage}
        emptyText="Nenhum depósito pendente."
      />
      <SimulateDialog deposit={simulating} onClose={() => setSimulating(null)} />
    </>
  );
}

function DecidedList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const raw = searchParams.get('status');
  const status: Decided = isDecided(raw) ? raw : 'approved';
  const deposits = useAdminDeposits(status, undefined, page);
  const columns: ReadonlyArray<Column<AdminDeposit>> = [
    customerColumn,
    dateColumn,
    { key: 'method', header: 'Forma', nowrap: true, render: (row) => DEPOSIT_METHOD_LABELS[row.method] ?? row.method },
    amountColumn,
    {
      key: 'status',
      header: 'Situação',
      minWidth: 200,
      render: (row) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <StatusChip status={row.status} labels={DEPOSIT_STATUS_LABELS} />
          <DecidedAt at={row.credited_at ?? row.reviewed_at} />
          {row.rejection_reason && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              Motivo: {row.rejection_reason}
            </Typography>
          )}
        </Stack>
      ),
    },
  ];
  return (
    <>
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
        sx={{ mb: 2, width: { xs: '100%', sm: 240 } }}
      >
        {DECIDED.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <StaffTable
        label="Depósitos decididos"
        columns={columns}
        rowKey={(row) => row.id}
        data={deposits.data}
        isPending={deposits.isPending}
        error={deposits.error}
        onRetry={() => void deposits.refetch()}
        page={page}
        onPageChange={setPage}
        emptyText="Nenhum depósito encontrado."
      />
    </>
  );
}

/** Depósitos: TEDs to approve, Pix charges waiting for their payment, and the decided ones. */
export function DepositsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('fila');
  const queue: Queue = isQueue(raw) ? raw : 'ted';
  return (
    <>
      <PageHeader title="Depósitos" description="Dinheiro que os clientes adicionam por TED e por Pix." />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        <Tabs
          value={queue}
          onChange={(_event, next: Queue) => setSearchParams(next === 'ted' ? {} : { fila: next })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Filas de depósitos"
        >
          {QUEUES.map((q) => (
            <Tab
              key={q.value}
              value={q.value}
              label={q.label}
              id={`depositos-tab-${q.value}`}
              aria-controls="depositos-panel"
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id="depositos-panel" aria-labelledby={`depositos-tab-${queue}`}>
        {queue === 'ted' ? <TedQueue /> : queue === 'pix' ? <PixQueue /> : <DecidedList />}
      </Box>
    </>
  );
}

export const Component = DepositsPage;
