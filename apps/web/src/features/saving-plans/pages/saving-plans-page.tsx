import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SavingPlan, SavingPlanResponse } from '@prata/domain';
import { useState } from 'react';
import { PageHeader } from '@/components/page';
import { RegistrationQueryState } from '@/components/registration-query-state';
import { PixQrCode } from '@/features/money/index';
import { useSavingPlans } from '../api/plans';
import { PlanCard } from '../components/plan-card';
import { PlanForm } from '../components/plan-form';
import { dateBR } from '../labels';

function PlansSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true" role="progressbar" aria-label="Carregando">
      <Skeleton variant="rounded" height={240} />
      <Skeleton variant="rounded" height={120} />
    </Stack>
  );
}

/** What paying the first Pix does, and when the next charge comes (the run it pays and the plan's next date). */
function firstPixText(plan: SavingPlan): string {
  const period = plan.runs[0]?.period;
  const buys = period
    ? `Ao pagar, a compra de ${dateBR(period)} é feita na hora`
    : 'Ao pagar, você faz a primeira compra';
  const next = plan.next_run_date
    ? ` A próxima cobrança pelo Pix Automático será em ${dateBR(plan.next_run_date)}.`
    : '';
  return `${buys} e o Pix Automático das próximas fica autorizado.${next} Você pode cancelar quando quiser.`;
}

/** The first Pix Automático charge, right after the plan is made: paying it buys and authorises the next ones. */
function PixToAuthorize({ answer }: { answer: SavingPlanResponse }) {
  if (!answer.pix_qr_code || !answer.plan.pix_copia_e_cola) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Pix para autorizar">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        Pague o primeiro Pix
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="saving-first-pix">
        {firstPixText(answer.plan)}
      </Typography>
      <PixQrCode
        qr={{ pixQrCode: answer.pix_qr_code, pixCopiaECola: answer.plan.pix_copia_e_cola }}
        amount={answer.plan.amount}
      />
    </Paper>
  );
}

/**
 * /poupanca-automatica: a new plan (amount, frequency, day, end, how to pay, with the fee and IOF of
 * a run at today's prices), then the plans with their runs.
 */
export function SavingPlansPage() {
  const plans = useSavingPlans();
  const [created, setCreated] = useState<SavingPlanResponse | null>(null);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 4 } }}>
      <PageHeader
        title="Poupança automática"
        description="Compre prata com um valor fixo toda semana ou todo mês, do seu saldo ou pelo Pix Automático."
      />
      <RegistrationQueryState query={plans} skeleton={<PlansSkeleton />}>
        {(data) => {
          // with plans, they come first (a phone shows what is running before the form for another one)
          const plansList = (
            <Stack spacing={2} component="section" aria-label="Minhas poupanças">
              <Typography variant="h6" component="h2">
                Minhas poupanças
              </Typography>
              {data.plans.length === 0 ? (
                <Typography color="text.secondary">Você ainda não tem uma poupança automática.</Typography>
              ) : (
                data.plans.map((plan) => <PlanCard key={plan.id} plan={plan} />)
              )}
            </Stack>
          );
          return (
            <Stack spacing={4} sx={{ maxWidth: 640 }}>
              {created && <Alert severity="success">{created.message}</Alert>}
              {/* the code until it is paid: the plan's own state says when (polled while it waits) */}
              {created &&
                (data.plans.find((p) => p.id === created.plan.id)?.status ?? created.plan.status) ===
                  'awaiting_authorization' && <PixToAuthorize answer={created} />}
              {data.plans.length > 0 && plansList}
              <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label="Nova poupança">
                <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
                  Nova poupança
                </Typography>
                <PlanForm onCreated={setCreated} />
              </Paper>
              {data.plans.length === 0 && plansList}
            </Stack>
          );
        }}
      </RegistrationQueryState>
    </Container>
  );
}

export const Component = SavingPlansPage;
