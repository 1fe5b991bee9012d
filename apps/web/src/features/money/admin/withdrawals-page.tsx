import BoltOutlined from '@mui/icons-material/BoltOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MoneyText } from '@/components/money-text';
import { PageHeader } from '@/components/page';
import { type Column, usePageParam } from '@/components/paginated-table';
import { StatusChip } from '@/components/status-chip';
import {
  type AdminWithdrawal,
  useAdminWithdrawals,
  useReviewWithdrawal,
  useSettlePayout,
  type WithdrawalStatus,
} from './api';
import {
  createdAtColumn,
  customerColumn,
  DecidedAt,
  type Decision,
  DecisionDialog,
  decisionColumn,
  QueueTable,
  QueueTabs,
  RejectionReason,
  StatusSelect,
  useStatusParam,
} from '@/components/admin/review-queue';
import { PAYOUT_STATUS_LABELS, WITHDRAWAL_STATUS_LABELS } from './labels';

import { formatReais as brl } from '@/lib/format';

const DECIDED = [
  { value: 'approved', label: 'Aprovadas' },
  { value: 'rejected', label: 'Recusadas' },
] as const satisfies ReadonlyArray<{ value: WithdrawalStatus; label: string }>;

const PAYOUT_COLORS = { sending: 'info', pending: 'warning', done: 'success', failed: 'error' } as const;

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

/** Approve (pays it through the provider) or reject (with the reason) a withdrawal. */
function WithdrawalDecisionDialog({
  decision,
  onClose,
}: {
  decision: Decision<AdminWithdrawal> | null;
  onClose: () => void;
}) {
  const review = useReviewWithdrawal();
  return (
    <DecisionDialog
      decision={decision}
      title={{ approve: 'Aprovar e pagar a retirada?', reject: 'Recusar a retirada?' }}
      confirmLabel={{ approve: 'Aprovar e pagar', reject: 'Recusar retirada' }}
      onClose={onClose}
      onSubmit={async (withdrawal, reason, key) => {
        const answer = await review.mutateAsync({
          id: withdrawal.id,
          decision: reason === null ? { decision: 'approve' } : { decision: 'reject', reason },
          key,
        });
        // the provider may refuse the transfer at once: then the withdrawal comes back rejected, with the bank's reason
        return { message: answer.message, ok: reason !== null || answer.withdrawal.status !== 'rejected' };
      }}
    >
      {(withdrawal, approving) =>
        approving ? (
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
        )
      }
    </DecisionDialog>
  );
}

/** 'approve': the payout was paid; 'reject': it was not. */
type Settlement = Decision<AdminWithdrawal>;

/**
 * A payout the provider never answered ('Enviando ao banco') or still reports pending: after checking the provider's
 * panel, the operator records that it was paid, or that it was not (everything goes back to the customer).
 */
function PayoutSettlementDialog({ settlement, onClose }: { settlement: Settlement | null; onClose: () => void }) {
  const settle = useSettlePayout();
  return (
    <DecisionDialog
      decision={settlement}
      title={{ approve: 'Registrar a transferência como paga?', reject: 'Registrar a transferência como não paga?' }}
      confirmLabel={{ approve: 'Foi paga', reject: 'Não foi paga' }}
      reasonHelp="O cliente lerá este texto; o valor e a tarifa voltam ao saldo dele"
      onClose={onClose}
      onSubmit={async (withdrawal, reason, key) => {
        const answer = await settle.mutateAsync({
          id: withdrawal.id,
          settlement: reason === null ? { outcome: 'done' } : { outcome: 'failed', reason },
          key,
        });
        return { message: answer.message };
      }}
    >
      {(withdrawal, paid) => (
        <Typography>
          Confira no painel do provedor de pagamentos se {brl(withdrawal.net_amount)} chegaram a{' '}
          {withdrawal.destination}, de {withdrawal.customer.name}.{' '}
          {paid
            ? 'A retirada fica registrada como paga.'
            : `${brl(withdrawal.amount)} voltam ao saldo disponível do cliente.`}
        </Typography>
      )}
    </DecisionDialog>
  );
}

function PendingList() {
  const [page, setPage] = usePageParam();
  const withdrawals = useAdminWithdrawals('pending', page);
  const [decision, setDecision] = useState<Decision<AdminWithdrawal> | null>(null);
  const columns: ReadonlyArray<Column<AdminWithdrawal>> = [
    customerColumn,
    createdAtColumn,
    amountsColumn,
    destinationColumn,
    decisionColumn({ subject: 'retirada', approveText: 'Aprovar e pagar', onDecide: setDecision }),
  ];
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Pedidos de retirada em análise, do mais antigo para o mais novo. O valor já está reservado no saldo do cliente.
      </Typography>
      <QueueTable
        label="Retiradas pendentes"
        query={withdrawals}
        columns={columns}
        page={page}
        onPageChange={setPage}
        emptyText="Nenhuma retirada pendente."
      />
      <WithdrawalDecisionDialog decision={decision} onClose={() => setDecision(null)} />
    </>
  );
}

function DecidedList() {
  const [page, setPage] = usePageParam();
  const [status, setStatus] = useStatusParam(DECIDED);
  const withdrawals = useAdminWithdrawals(status, page);
  const [settlement, setSettlement] = useState<Settlement | null>(null);
  const columns: ReadonlyArray<Column<AdminWithdrawal>> = [
    customerColumn,
    createdAtColumn,
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
          <DecidedAt at={row.reviewed_at} />
          <RejectionReason reason={row.rejection_reason} />
          {row.status === 'approved' && (row.payout_status === 'sending' || row.payout_status === 'pending') && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
              <Button size="small" onClick={() => setSettlement({ kind: 'approve', row })}>
                Foi paga
              </Button>
              <Button size="small" color="error" onClick={() => setSettlement({ kind: 'reject', row })}>
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
      <StatusSelect options={DECIDED} value={status} onChange={setStatus} />
      <QueueTable
        label="Retiradas decididas"
        query={withdrawals}
        columns={columns}
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
  return (
    <>
      <PageHeader title="Retiradas" description="Dinheiro que os clientes pedem para transferir às suas contas." />
      <QueueTabs queues={TABS} label="Filas de retiradas" idPrefix="retiradas">
        {(tab) => (tab === 'pendentes' ? <PendingList /> : <DecidedList />)}
      </QueueTabs>
    </>
  );
}

export const Component = WithdrawalsPage;
