import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  formatDecimalGrams,
  SAVING_PLAN_STATUS_LABELS,
  SAVING_RUN_STATUS_LABELS,
  type SavingPaymentMethod,
  type SavingPlan,
  type SavingRun,
} from '@prata/domain';
import { useState } from 'react';
import { notify } from '@/lib/notify';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { MoneyText } from '@/components/money-text';
import { StatusChip } from '@/components/status-chip';
import { type PlanMove, useChangeSavingPlan } from '../api/change-plan';
import { brl, dateBR, PAYMENT_METHOD_LABELS, planTitle } from '../labels';

/** One run: its date, what it bought (grams, total) or why it bought nothing. */
function RunRow({ run }: { run: SavingRun }) {
  return (
    <Stack
      direction="row"
      sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1.5, py: 1 }}
      data-testid="saving-run"
    >
      <Stack spacing={0.25} sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {runDate(run)}
        </Typography>
        {run.status === 'bought' && run.quantity_grams !== null && (
          <Typography variant="body2" color="text.secondary">
            Comprou <MoneyText component="span">{formatDecimalGrams(run.quantity_grams)}</MoneyText> por{' '}
            <MoneyText component="span">{brl(run.total ?? 0)}</MoneyText> (tarifa {brl(run.transaction_fee ?? 0)}, IOF{' '}
            {brl(run.iof_fee ?? 0)})
          </Typography>
        )}
        {run.reason && (
          <Typography variant="body2" color="text.secondary">
            {run.reason}
          </Typography>
        )}
      </Stack>
      <StatusChip status={run.status} labels={SAVING_RUN_STATUS_LABELS} />
    </Stack>
  );
}

/** What each move asks before it happens; a cancel speaks of Pix Automático only for a plan paid by it. */
function confirmOf(move: PlanMove, method: SavingPaymentMethod): { title: string; text: string; label: string } {
  if (move === 'pause')
    return { title: 'Pausar a poupança?', text: 'Nenhuma compra é feita enquanto estiver pausada.', label: 'Pausar' };
  if (move === 'resume')
    return { title: 'Retomar a poupança?', text: 'As compras voltam no próximo dia marcado.', label: 'Retomar' };
  return {
    title: 'Cancelar a poupança?',
    text:
      method === 'pix_automatico'
        ? 'O plano termina e a autorização do Pix Automático é revogada. Um Pix desta poupança pago depois disso fica no seu saldo em reais. Isso não pode ser desfeito.'
        : 'O plano termina e nenhuma nova compra é feita com o seu saldo. Isso não pode ser desfeito.',
    label: 'Cancelar poupança',
  };
}

/** The run's date; the run the first Pix paid before its date (the current period's) says when it was paid. */
const runDate = (run: SavingRun) =>
  run.paid_ahead_on ? `${dateBR(run.period)} · antecipada em ${dateBR(run.paid_ahead_on)}` : dateBR(run.period);

/** A plan: what it buys and when, its state, pause / resume / cancel, and its runs. */
export function PlanCard({ plan }: { plan: SavingPlan }) {
  const change = useChangeSavingPlan();
  const [asked, setAsked] = useState<PlanMove | null>(null);
  const confirm = asked ? confirmOf(asked, plan.payment_method) : null;
  const moves: PlanMove[] =
    plan.status === 'active'
      ? ['pause', 'cancel']
      : plan.status === 'paused'
        ? ['resume', 'cancel']
        : plan.status === 'awaiting_authorization'
          ? ['cancel']
          : [];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} component="article" aria-label={planTitle(plan)}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <div>
          <Typography variant="h6" component="h3">
            {planTitle(plan)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {PAYMENT_METHOD_LABELS[plan.payment_method]}
            {plan.next_run_date && plan.status === 'active' ? ` · próxima compra em ${dateBR(plan.next_run_date)}` : ''}
            {plan.end_date ? ` · até ${dateBR(plan.end_date)}` : ''}
          </Typography>
        </div>
        <StatusChip status={plan.status} labels={SAVING_PLAN_STATUS_LABELS} />
      </Stack>
      {plan.end_reason && (
        <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="saving-end-reason">
          Poupança encerrada: {plan.end_reason}
        </Alert>
      )}
      {plan.pix_copia_e_cola && (
        <Typography variant="body2" sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
          Pague este Pix para autorizar: <code>{plan.pix_copia_e_cola}</code>
        </Typography>
      )}
      {moves.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
          {moves.map((m) => (
            <Button
              key={m}
              size="small"
              variant="outlined"
              color={m === 'cancel' ? 'error' : 'primary'}
              onClick={() => setAsked(m)}
            >
              {confirmOf(m, plan.payment_method).label}
            </Button>
          ))}
        </Stack>
      )}
      {plan.runs.length > 0 && (
        <>
          <Divider sx={{ my: 1.5 }} />
          <Typography variant="subtitle2" component="h4">
            Compras
          </Typography>
          <Stack divider={<Divider flexItem />}>
            {plan.runs.map((run) => (
              <RunRow key={run.id} run={run} />
            ))}
          </Stack>
        </>
      )}
      {confirm && asked && (
        <ConfirmDialog
          open
          title={confirm.title}
          confirmLabel={confirm.label}
          confirmColor={asked === 'cancel' ? 'error' : 'primary'}
          cancelLabel="Voltar"
          pending={change.isPending}
          onClose={() => setAsked(null)}
          onConfirm={() =>
            change.mutate(
              { id: plan.id, move: asked, method: plan.payment_method },
              {
                onSuccess: (answer) => notify.success(answer.message),
                onError: (error) => notify.error(error),
                onSettled: () => setAsked(null),
              },
            )
          }
        >
          {confirm.text}
        </ConfirmDialog>
      )}
    </Paper>
  );
}
