import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PageHeader } from '@/components/page';
import { type Column, usePageParam } from '@/components/paginated-table';
import { StatusChip } from '@/components/status-chip';
import { downloadFromApi } from '@/lib/download';
import {
  type AdminDeposit,
  type DepositStatus,
  useAdminDeposits,
  useReviewDeposit,
  useSimulateDepositPayment,
} from './api';
import { ReviewDialog } from '@/components/admin/review-dialog';
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
import { amountColumn } from './deposit-columns';
import { HeldQueue } from './held-deposits';
import { DEPOSIT_METHOD_LABELS, DEPOSIT_STATUS_LABELS } from './labels';

import { formatReais as brl } from '@/lib/format';

const QUEUES = [
  { value: 'ted', label: 'TED pendentes' },
  { value: 'pix', label: 'Pix pendentes' },
  { value: 'retidos', label: 'Pagamentos retidos' },
  { value: 'decididos', label: 'Decididos' },
] as const;

const DECIDED = [
  { value: 'approved', label: 'Aprovados' },
  { value: 'rejected', label: 'Recusados' },
  { value: 'cancelled', label: 'Cancelados' },
  { value: 'expired', label: 'Expirados' },
  { value: 'refunded', label: 'Devolvidos' },
] as const satisfies ReadonlyArray<{ value: DepositStatus; label: string }>;

/** Approve (credits the balance) or reject (with the reason) a TED deposit. */
function TedDecisionDialog({ decision, onClose }: { decision: Decision<AdminDeposit> | null; onClose: () => void }) {
  const review = useReviewDeposit();
  return (
    <DecisionDialog
      decision={decision}
      title={{ approve: 'Aprovar depósito por TED?', reject: 'Recusar depósito por TED?' }}
      confirmLabel={{ approve: 'Aprovar e creditar', reject: 'Recusar depósito' }}
      onClose={onClose}
      onSubmit={async (deposit, reason, key) => {
        const answer = await review.mutateAsync({
          id: deposit.id,
          decision: reason === null ? { decision: 'approve' } : { decision: 'reject', reason },
          key,
        });
        return { message: answer.message };
      }}
    >
      {(deposit, approving) => (
        <Typography>
          {approving
            ? `Confira se ${brl(deposit.amount)} de ${deposit.customer.name} chegaram à conta da empresa. Ao aprovar, o valor entra no saldo disponível do cliente; isso não pode ser desfeito.`
            : `O depósito de ${brl(deposit.amount)} de ${deposit.customer.name} não será creditado. O cliente recebe o motivo por e-mail.`}
        </Typography>
      )}
    </DecisionDialog>
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
      onSubmit={async (_reason, key) => {
        const answer = await simulate.mutateAsync({ id: deposit!.id, key });
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
  const [decision, setDecision] = useState<Decision<AdminDeposit> | null>(null);
  const columns: ReadonlyArray<Column<AdminDeposit>> = [
    customerColumn,
    createdAtColumn,
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
    decisionColumn({ subject: 'depósito', sideBySideFrom: 'lg', onDecide: setDecision }),
  ];
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Transferências informadas pelos clientes, da mais antiga para a mais nova. Abra o comprovante, confira o valor
        no extrato da conta da empresa e aprove ou recuse.
      </Typography>
      <QueueTable
        label="Depósitos por TED pendentes"
        query={deposits}
        columns={columns}
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
    createdAtColumn,
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
      <QueueTable
        label="Depósitos Pix pendentes"
        query={deposits}
        columns={columns}
        page={page}
        onPageChange={setPage}
        emptyText="Nenhum depósito pendente."
      />
      <SimulateDialog deposit={simulating} onClose={() => setSimulating(null)} />
    </>
  );
}

function DecidedList() {
  const [page, setPage] = usePageParam();
  const [status, setStatus] = useStatusParam(DECIDED);
  const deposits = useAdminDeposits(status, undefined, page);
  const columns: ReadonlyArray<Column<AdminDeposit>> = [
    customerColumn,
    createdAtColumn,
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
          <RejectionReason reason={row.rejection_reason} />
        </Stack>
      ),
    },
  ];
  return (
    <>
      <StatusSelect options={DECIDED} value={status} onChange={setStatus} />
      <QueueTable
        label="Depósitos decididos"
        query={deposits}
        columns={columns}
        page={page}
        onPageChange={setPage}
        emptyText="Nenhum depósito encontrado."
      />
    </>
  );
}

/** Depósitos: TEDs to approve, Pix charges waiting for their payment, payments held for a decision, the decided ones. */
export function DepositsPage() {
  return (
    <>
      <PageHeader title="Depósitos" description="Dinheiro que os clientes adicionam por TED e por Pix." />
      <QueueTabs queues={QUEUES} label="Filas de depósitos" idPrefix="depositos" scrollable>
        {(queue) =>
          queue === 'ted' ? (
            <TedQueue />
          ) : queue === 'pix' ? (
            <PixQueue />
          ) : queue === 'retidos' ? (
            <HeldQueue />
          ) : (
            <DecidedList />
          )
        }
      </QueueTabs>
    </>
  );
}

export const Component = DepositsPage;
