import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEPOSIT_HOLD_REASON_LABELS } from '@prata/domain';
import { useState } from 'react';
import { MoneyText } from '@/components/money-text';
import { type Column, usePageParam } from '@/components/paginated-table';
import { type AdminDeposit, type HeldDecision, useAdminDeposits, useDecideHeldDeposit } from './api';
import { ReviewDialog } from '@/components/admin/review-dialog';
import { createdAtColumn, customerColumn, QueueTable } from '@/components/admin/review-queue';
import { formatReais as brl } from '@/lib/format';
import { amountColumn } from './deposit-columns';

type HeldChoice = { row: AdminDeposit; decision: HeldDecision['decision'] };

const HELD_TITLES: Record<HeldDecision['decision'], string> = {
  credit_paid: 'Creditar o valor pago?',
  credit_charged: 'Creditar o valor cobrado e devolver o restante?',
  refund: 'Devolver o pagamento?',
};

/** What the decision does, with the figures, before the operator confirms it. */
function heldExplanation(row: AdminDeposit, decision: HeldDecision['decision']): string {
  const paid = row.paid_amount ?? 0;
  if (decision === 'credit_paid')
    return `${brl(paid)} entram no saldo disponível de ${row.customer.name} (o depósito cobrava ${brl(row.amount)}).`;
  if (decision === 'credit_charged')
    return `${brl(row.amount)} entram no saldo de ${row.customer.name}; ${brl(paid - row.amount)} voltam ao pagador pelo provedor.`;
  return `${brl(paid)} voltam ao pagador pelo provedor; nada entra no saldo de ${row.customer.name}.`;
}

/**
 * Payments that did not match their charge (more, less, after it expired or was cancelled): the money waits in
 * deposit:suspense until finance credits it or sends it back (docs/ledger.md).
 */
export function HeldQueue() {
  const [page, setPage] = usePageParam();
  const deposits = useAdminDeposits('held', undefined, page);
  const decide = useDecideHeldDeposit();
  const [choice, setChoice] = useState<HeldChoice | null>(null);
  const columns: ReadonlyArray<Column<AdminDeposit>> = [
    customerColumn,
    createdAtColumn,
    { ...amountColumn, header: 'Cobrado' },
    {
      key: 'paid',
      header: 'Pago',
      nowrap: true,
      align: 'right',
      render: (row) => <MoneyText sx={{ fontWeight: 600 }}>{brl(row.paid_amount ?? 0)}</MoneyText>,
    },
    {
      key: 'reason',
      header: 'Motivo',
      minWidth: 160,
      render: (row) => (row.hold_reason ? DEPOSIT_HOLD_REASON_LABELS[row.hold_reason] : '—'),
    },
    {
      key: 'actions',
      header: 'Decisão',
      minWidth: 220,
      render: (row) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Button size="small" variant="outlined" onClick={() => setChoice({ row, decision: 'credit_paid' })}>
            Creditar o pago
          </Button>
          {row.hold_reason === 'overpaid' && (
            <Button size="small" variant="outlined" onClick={() => setChoice({ row, decision: 'credit_charged' })}>
              Creditar o cobrado e devolver o resto
            </Button>
          )}
          <Button size="small" color="error" onClick={() => setChoice({ row, decision: 'refund' })}>
            Devolver tudo
          </Button>
        </Stack>
      ),
    },
  ];
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Pagamentos Pix que não correspondem à cobrança: acima ou abaixo do valor, ou pagos depois de a cobrança expirar
        ou ser cancelada. O dinheiro está guardado em conta de suspensão e não entrou no saldo do cliente.
      </Typography>
      <QueueTable
        label="Pagamentos retidos"
        query={deposits}
        columns={columns}
        page={page}
        onPageChange={setPage}
        emptyText="Nenhum pagamento retido."
      />
      <ReviewDialog
        key={choice ? `held-${choice.row.id}-${choice.decision}` : 'closed'}
        decision={choice ? (choice.decision === 'refund' ? 'reject' : 'approve') : null}
        title={choice ? HELD_TITLES[choice.decision] : ''}
        confirmLabel={choice?.decision === 'refund' ? 'Devolver' : 'Creditar'}
        reasonHelp="O cliente lerá este texto no histórico"
        onClose={() => setChoice(null)}
        onSubmit={async (reason, key) => {
          const { row, decision } = choice!;
          const body: HeldDecision = decision === 'refund' ? { decision, reason: reason ?? '' } : { decision };
          const answer = await decide.mutateAsync({ id: row.id, decision: body, key });
          return { message: answer.message };
        }}
      >
        {choice && <Typography>{heldExplanation(choice.row, choice.decision)}</Typography>}
      </ReviewDialog>
    </>
  );
}
