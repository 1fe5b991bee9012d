import Box from '@mui/material/Box';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBRL } from '@prata/domain';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormMoneyField } from '@/components/money-field';
import { MoneyText } from '@/components/money-text';
import { RegistrationQueryState } from '@/components/registration-query-state';
import { RouterLink } from '@/components/router-link';
import { describeBanking } from '@/features/profile';
import { useWithdrawalOverview } from '../api/withdrawals';
import type { WithdrawalOverviewResponse } from '../api/types';
import { BalanceCard, MoneyPage, MoneySection, MoneySkeleton } from '../components/money-page';
import { useWithdrawFlow } from '../components/use-withdraw-flow';
import { WithdrawCodeStep } from '../components/withdraw-code-step';
import { BANKING_PATH, WithdrawDestination } from '../components/withdraw-destination';
import { brl } from '../labels';

function FeeRule({ overview }: { overview: WithdrawalOverviewResponse }) {
  const fee = brl(overview.withdrawalFee);
  const left = overview.freeWithdrawalsLeft;
  return (
    <Alert severity={left > 0 ? 'info' : 'warning'}>
      {left > 0
        ? `Você ainda tem ${left} ${left === 1 ? 'retirada grátis' : 'retiradas grátis'} este mês (de ${overview.freeWithdrawalsPerMonth}). Depois, cada retirada custa ${fee}, descontados do valor.`
        : `Você já usou as ${overview.freeWithdrawalsPerMonth} retiradas grátis deste mês: esta retirada custa ${fee}, descontados do valor.`}{' '}
      Para chave Pix CPF o dinheiro chega na hora; para as demais, em até 24 horas.
    </Alert>
  );
}

function SummaryLine({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      <Typography color="text.secondary">{label}</Typography>
      <MoneyText sx={{ fontWeight: strong ? 700 : 500 }}>{value}</MoneyText>
    </Stack>
  );
}

/**
 * /retirar-dinheiro's form: destination, amount, then the e-mail code (or the passkey) and a summary to confirm
 * (use-withdraw-flow.ts holds the steps).
 */
function WithdrawForm({ overview }: { overview: WithdrawalOverviewResponse }) {
  const flow = useWithdrawFlow(overview);
  const { sentFor, usePasskey, confirmAmount, fee } = flow;
  const described = flow.entry ? describeBanking(flow.entry) : null;

  // The confirmation is outside the form: a dialog's submit bubbles through React's tree (portals included), and
  // inside this form it would also send a new code.
  return (
    <>
      <Stack component="form" noValidate spacing={3} onSubmit={flow.onSubmit} aria-label="Retirada de dinheiro">
        <WithdrawDestination control={flow.control} bankingInformation={overview.bankingInformation} />
        <Box>
          <FormMoneyField
            control={flow.control}
            name="amount"
            label="Valor da retirada"
            helperText={`Mínimo de ${brl(overview.minimumWithdrawalAmount)}`}
            required
            disabled={sentFor !== null}
            fullWidth
          />
          {sentFor !== null && (
            <Button size="small" onClick={flow.changeAmount} sx={{ mt: 0.5 }}>
              Alterar valor
            </Button>
          )}
        </Box>
        <FeeRule overview={overview} />
        {usePasskey ? (
          <Box>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Você confirma a retirada com sua chave de acesso.
            </Typography>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={flow.withdrawalBusy}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              Revisar e confirmar
            </Button>
          </Box>
        ) : sentFor === null ? (
          <Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={flow.codeBusy}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              Enviar código
            </Button>
          </Box>
        ) : (
          <WithdrawCodeStep flow={flow} sentFor={sentFor} />
        )}
      </Stack>
      <ConfirmDialog
        open={flow.confirming && confirmAmount !== null && described !== null}
        title="Confirmar retirada?"
        confirmLabel={usePasskey ? 'Confirmar com chave de acesso' : 'Confirmar retirada'}
        pending={flow.withdrawalBusy}
        onClose={flow.closeConfirmation}
        onConfirm={flow.confirm}
      >
        {confirmAmount !== null && described && (
          <Stack spacing={1.5}>
            <Box>
              <SummaryLine label="Valor" value={formatBRL(confirmAmount)} />
              <SummaryLine label="Tarifa" value={fee > 0 ? `-${formatBRL(fee)}` : 'Grátis'} />
              <SummaryLine label="Você recebe" value={formatBRL(confirmAmount - fee)} strong />
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary">
                Destino
              </Typography>
              <Typography sx={{ fontWeight: 600 }}>{described.title}</Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {described.detail}
              </Typography>
            </Box>
          </Stack>
        )}
      </ConfirmDialog>
    </>
  );
}

function NoBankingInformation() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
      <Typography sx={{ fontWeight: 600, mb: 0.5 }}>Nenhuma conta para receber a retirada.</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Cadastre uma chave Pix ou uma conta bancária em seu nome para retirar dinheiro.
      </Typography>
      <Button component={RouterLink} to={BANKING_PATH} variant="contained">
        Cadastrar dados bancários
      </Button>
    </Paper>
  );
}

/** /retirar-dinheiro (spec 2 §2): the balance, then the withdrawal form, or where to add a bank entry first. */
export function WithdrawMoneyPage() {
  const overview = useWithdrawalOverview();
  return (
    <MoneyPage title="Retirar dinheiro" description="Envie reais do seu saldo para uma conta em seu nome.">
      <RegistrationQueryState query={overview} skeleton={<MoneySkeleton blocks={2} />}>
        {(data) => (
          <Stack spacing={4} sx={{ maxWidth: 640 }}>
            <BalanceCard reais={data.currentBalance} />
            <MoneySection title="Nova retirada">
              {data.bankingInformation.length === 0 ? (
                <NoBankingInformation />
              ) : (
                <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
                  <WithdrawForm overview={data} />
                </Paper>
              )}
            </MoneySection>
          </Stack>
        )}
      </RegistrationQueryState>
    </MoneyPage>
  );
}

/** The page as the router loads it (lazyPage in app/router.tsx). @public */
export const Component = WithdrawMoneyPage;
