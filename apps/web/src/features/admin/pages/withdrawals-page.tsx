import BoltOutlined from '@mui/icons-material/BoltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import { toMinorUnits } from '../../../lib/format';
import { useSearchParams } from '../../../lib/search-params';
import {
  type AdminWithdrawal,
  useAdminWithdrawals,
  useReviewWithdrawal,
  useSettlePayout,
  type WithdrawalStatus,
} from '../api/money';
import { CustomerCell } from '../components/customer-cell';
import { StaffTable } from '../components/staff-table';
import { ReviewDialog } from '../components/review-dialog';
import { PAYOUT_STATUS_LABELS, WITHDRAWAL_STATUS_LABELS } from '../money-labels';

const brl = (reais: number) => formatBRL(toMinorUnits(reais));

const DECIDED = [
  { value: 'approved', label: 'Aprovadas' },
  { value: 'rejected', label: 'Recusadas' },
] as const satisfies ReadonlyArray<{ value: WithdrawalStatus; label: string }>;
type Decided = (typeof DECIDED)[number]['value'];
const isDecided = (value: string | null): value is Decided => DECIDED.some((d) => d.value === value);

const PAYOUT_COLORS = { sending: 'info', pending: 'warning', done: 'success', failed: 'error' } as const;

const customerColumn: Column<AdminWithdrawal> = {
  key: 'customer',
  header: 'Cliente',
  minWidth: 220,
  render: (row) => <CustomerCell customer={row.customer} />,
};
const dateColumn: Column<AdminWithdrawal> = {
  key: 'date',
  header: 'Data',
  nowrap: true,
  width: 150,
  render: (row) => formatDateTimeBR(row.created_at),
};
const amountsColumn: Column<AdminWithdrawal> = {
  key: 'amounts',
  header: 'Valor · tarifa · líquido',
  nowrap: true,
  render: (row) => (
    <>
      <Typography variant="body2">
        <MoneyText>{brl(row.amount)}</MoneyText>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        tarifa <MoneyText>{row.fee > 0 ? brl(row.fee) : 'isenta'}</MoneyText>
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        líquido <MoneyText>{brl(row.net_amount)}</MoneyText>
      </Typography>
    </>
  ),
};
const destinationColumn: Column<AdminWithdrawal> = {
  key: 'destination',
  header: 'Destino',
  minWidth: 200,
  render: (row) => (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {row.destination}
      </Typography>
      {row.instant && (
        <Chip size="small" variant="outlined" icon={<BoltOutlined />} label="Pix instantâneo (chave CPF)" />
      )}
    </Stack>
  ),
};

type Decision = { kind: 'approve' | 'reject'; withdrawal: AdminWithdrawal };

function WithdrawalDecisionDialog({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const review = useReviewWithdrawal();
  const withdrawal = decision?.withdrawal;
  const approving = decision?.kind === 'approve';
  return (
    <ReviewDialog
      key={decision ? `${decision.kind}-${decision.withdrawal.id}` : 'closed'}
      decision={decision?.kind ?? null}
      title={approving ? 'Aprovar e pagar a retirada?' : 'Recusar a retirada?'}
      confirmLabel={approving ? 'Aprovar e pagar' : 'Recusar retirada'}
      onClose={onClose}
      onSubmit={async (reason) => {
        const answer = await review.mutateAsync({
          id: withdrawal!.id,
          decision: reason === null ? { decision: 'approve' } : { decision: 'reject', reason },
        });
        // the provider may refuse the transfer at once: then the withdrawal comes back rejected, with the bank's reason
        return { message: answer.message, ok: reason !== null || answer.withdrawal.status !== 'rejected' };
      }}
    >
      {withdrawal &&
        (approving ? (
          <Typography>
            {brl(withdrawal.net_amount)}{' '}
            {withdrawal.fee > 0
              ? `(${brl(withdrawal.amount)} menos a tarifa de ${brl(withdrawal.fee)})`
              : '(sem tarifa)'}{' '}
            serão enviados agora pelo provedor de pagamentos para {withdrawal.destination}, de{' '}
            {withdrawal.customer.name}. O dinheiro sai da conta da empresa; isso não pode ser desfeito.
          </Typography>
        ) : (
          <Typography>
            {brl(withdrawal.amount)} voltam ao saldo disponível de {withdrawal.customer.name}. O cliente recebe o motivo
            por e-mail.
          </Typography>
        ))}
    </ReviewDialog>
  );
}

type Settlement = { kind: 'approve' | 'reject'; withdrawal: AdminWithdrawal };

/**
 * A payout the provider never answered ('Enviando ao banco') or still reports pending: after checking the provider's
 * panel, the operator records that it was paid, or that it was not (everything goes back to the customer).
 */
function PayoutSettlementDialog({ settlement, onClose }: { settlement: Settlement | null; onClose: () => void }) {
  const settle = useSettlePayout();
  const withdrawal = settlement?.withdrawal;
  const paid = settlement?.kind === 'approve';
  return (
    <ReviewDialog
      key={settlement ? `${settlement.kind}-${settlement.withdrawal.id}` : 'closed'}
      decision={settlement?.kind ?? null}
      title={paid ? 'Registrar a transferência como paga?' : 'Registrar a transferência como não paga?'}
      confirmLabel={paid ? 'Foi paga' : 'Não foi paga'}
      reasonHelp="O cliente lerá este texto; o valor e a tarifa voltam ao saldo dele"
      onClose={onClose}
      onSubmit={async (reason) => {
        const answer = await settle.mutateAsync({
          id: withdrawal!.id,
          settlement: reason === null ? { outcome: 'done' } : { outcome: 'failed', reason },
        });
        return { message: answer.message };
      }}
    >
      {withdrawal && (
        <Typography>
          Confira no painel do provedor de pagamentos se {brl(withdrawal.net_amount)} chegaram a{' '}
          {withdrawal.destination}, de {withdrawal.customer.name}.{' '}
          {paid
            ? 'A retirada fica registrada como paga.'
            : `${brl(withdrawal.amount)} voltam ao saldo disponível do cliente.`}
        </Typography>
      )}
    </ReviewDialog>
  );
}

function PendingList() {
  const [page, setPage] = usePageParam();
  const withdrawals = useAdminWithdrawals('pending', page);
  const [decision, setDecision] = useState<Decision | null>(null);
  const columns: ReadonlyArray<Column<AdminWithdrawal>> = [
    customerColumn,
    dateColumn,
    amountsColumn,
    destinationColumn,
    {
      key: 'actions',
      header: 'Ações',
      render: (row) => (
        <Stack direction={{ xs: 'column', xl: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Button
            size="small"
            variant="contained"
            color="secondary"
            onClick={() => setDecision({ kind: 'approve', withdrawal: row })}
            aria-label={`Aprovar e pagar retirada de ${row.customer.name}`}
            sx={{ whiteSpace: 'nowrap' }}
          >
            Aprovar e pagar
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setDecision({ kind: 'reject', withdrawal: row })}
            aria-label={`Recusar retirada de ${row.customer.name}`}
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
        Pedidos de retirada em análise, do mais antigo para o mais novo. O valor já está reservado no saldo do cliente.
      </Typography>
      <StaffTable
        label="Retiradas pendentes"
        columns={columns}
        rowKey={(row) => row.id}
        data={withdrawals.data}
        isPending={withdrawals.isPending}
        error={withdrawals.error}
        onRetry={() => void withdrawals.refetch()}
        page={page}
        onPageChange={setPage}
        emptyText="Nenhuma retirada pendente."
      />
      <WithdrawalDecisionDialog decision={decision} onClose={() => setDecision(null)} />
    </>
  );
}

function DecidedList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const raw = searchParams.get('status');
  const status: Decided = isDecided(raw) ? raw : 'approved';
  const withdrawals = useAdminWithdrawals(status, page);
  const [settlement, setSettlement] = useState<Settlement | null>(null);
  const columns: ReadonlyArray<Column<AdminWithdrawal>> = [
    customerColumn,
    dateColumn,
    amountsColumn,
    destinationColumn,
    {
      key: 'status',
      header: 'Situação',
      minWidth: 200,
      render: (row) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <StatusChip status={row.status} labels={WITHDRAWAL_STATUS_LABELS} />
          {row.payout_status && (
            <Chip
              size="small"
              variant="outlined"
              color={PAYOUT_COLORS[row.payout_status]}
              label={PAYOUT_STATUS_LABELS[row.payout_status] ?? row.payout_status}
            />
          )}
          {row.reviewed_at && (
            <Typography variant="caption" color="text.secondary">
              em {formatDateTimeBR(row.reviewed_at)}
            </Typography>
          )}
          {row.rejection_reason && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              Motivo: {row.rejection_reason}
            </Typography>
          )}
          {row.status === 'approved' && (row.payout_status === 'sending' || row.payout_status === 'pending') && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
              <Button size="small" onClick={() => setSettlement({ kind: 'approve', withdrawal: row })}>
                Foi paga
              </Button>
              <Button size="small" color="error" onClick={() => setSettlement({ kind: 'reject', withdrawal: row })}>
                Não foi paga
              </Button>
            </Stack>
          )}
        </Stack>
      ),
    },
  ];
  return (
    <>
      <PayoutSettlementDialog settlement={settlement} onClose={() => setSettlement(null)} />
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
        label="Retiradas decididas"
        columns={columns}
        rowKey={(row) => row.id}
        data={withdrawals.data}
        isPending={withdrawals.isPending}
        error={withdrawals.error}
        onRetry={() => void withdrawals.refetch()}
        page={page}
        onPageChange={setPage}
        emptyText="Nenhuma retirada encontrada."
      />
    </>
  );
}

const TABS = [
  { value: 'pendentes', label: 'Pendentes' },
  { value: 'decididas', label: 'Decididas' },
] as const;

/** Retiradas: withdrawals to approve (paid through the provider) or reject, and the decided ones with the payout. */
export function WithdrawalsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('fila') === 'decididas' ? 'decididas' : 'pendentes';
  return (
    <>
      <PageHeader title="Retiradas" description="Dinheiro que os clientes pedem para transferir às suas contas." />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2.5 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: string) => setSearchParams(next === 'pendentes' ? {} : { fila: next })}
          aria-label="Filas de retiradas"
        >
          {TABS.map((t) => (
            <Tab
              key={t.value}
              value={t.value}
              label={t.label}
              id={`retiradas-tab-${t.value}`}
              aria-controls="retiradas-panel"
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id="retiradas-panel" aria-labelledby={`retiradas-tab-${tab}`}>
        {tab === 'pendentes' ? <PendingList /> : <DecidedList />}
      </Box>
    </>
  );
}

export const Component = WithdrawalsPage;
