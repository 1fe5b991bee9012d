import { zodResolver } from '@hookform/resolvers/zod';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import PixOutlined from '@mui/icons-material/PixOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBRL, MESSAGES, WithdrawalRequest, minorToDecimalText } from '@prata/domain';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { CodeField } from '../../../components/code-field';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MoneyText } from '../../../components/money-text';
import { FormMoneyField } from '../../../components/money-field';
import { groupErrorProps } from '../../../components/group-error';
import { RouterLink } from '../../../components/router-link';
import { isApiError } from '../../../lib/api';
import { applyServerErrors } from '../../../lib/form-errors';
import { useFormDraft } from '../../../lib/form-draft';
import { toMinorUnits } from '../../../lib/format';
import { useSecondsUntil } from '../../../lib/hooks';
import { useIntention } from '../../../lib/intention';
import { notify } from '../../../lib/notify';
import { type BankingInformation, describeBanking } from '../../profile';
import { useRequestWithdrawal, useSendWithdrawalCode, useWithdrawalOverview } from '../api/withdrawals';
import type { WithdrawalOverviewResponse } from '../api/types';
import { BalanceCard, MoneyPage, MoneySection, MoneySkeleton } from '../components/money-page';
import { RegistrationQueryState, useRegistrationErrorHandler } from '../../../components/registration-query-state';
import { brl } from '../labels';

export const BANKING_PATH = '/meus-dados/dados-bancarios';
export const WITHDRAWALS_HISTORY_PATH = '/meu-historico/dinheiro-retirado';

/** The form holds text (the radio's value, the money field's dot-decimal text); the schema gives numbers. */
type WithdrawInput = { bankingInformationId: string | number; amount: string | number };
type WithdrawOutput = { bankingInformationId: number; amount: number };

/**
 * The domain's rules for the destination and the amount (spec 2 §5), plus what the server told this screen: the
 * minimum ('O valor deve ser maior ou igual a R$ 10,00'), more than the fee when one applies, not above the balance.
 */
export function withdrawalSchema(overview: WithdrawalOverviewResponse) {
  const minimum = toMinorUnits(overview.minimumWithdrawalAmount);
  const fee = nextFeeCents(overview);
  const balance = toMinorUnits(overview.currentBalance);
  return z.object({
    bankingInformationId: WithdrawalRequest.shape.bankingInformationId,
    amount: WithdrawalRequest.shape.amount.superRefine((cents, ctx) => {
      if (cents < minimum) ctx.addIssue({ code: 'custom', message: MESSAGES.withdrawalMinimum(formatBRL(minimum)) });
      else if (cents <= fee) ctx.addIssue({ code: 'custom', message: MESSAGES.withdrawalAboveFee(formatBRL(fee)) });
      else if (cents > balance) ctx.addIssue({ code: 'custom', message: MESSAGES.insufficientBalanceBRL });
    }),
  });
}

/** The fee of the next withdrawal, in centavos: none while free ones are left this month (spec 2 §9). */
export function nextFeeCents(overview: WithdrawalOverviewResponse): number {
  return overview.freeWithdrawalsLeft > 0 ? 0 : toMinorUnits(overview.withdrawalFee);
}

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

function BankingIcon({ entry }: { entry: BankingInformation }) {
  return entry.type === 'pix' ? (
    <PixOutlined fontSize="small" color="action" />
  ) : (
    <AccountBalanceOutlined fontSize="small" color="action" />
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
 * Destination, amount, "Enviar código" (the e-mail code, bound to the amount; resend after the server's wait), the
 * code, a summary to confirm, then POST /api/withdrawal (spec 2 §2). The code and the withdrawal are each one
 * intention (lib/intention.ts): one Idempotency-Key kept across double taps and retries, the button locked meanwhile.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one form (destination, amount, code), mostly JSX
export function WithdrawForm({ overview }: { overview: WithdrawalOverviewResponse }) {
  const navigate = useNavigate();
  const handle = useRegistrationErrorHandler();
  const sendCode = useSendWithdrawalCode();
  const withdraw = useRequestWithdrawal();
  const schema = useMemo(() => withdrawalSchema(overview), [overview]);
  const { control, handleSubmit, setError, reset } = useForm<WithdrawInput, unknown, WithdrawOutput>({
    resolver: zodResolver(schema) as never,
    defaultValues: { bankingInformationId: '', amount: '' },
  });
  useFormDraft('sacar', useWatch({ control }), (draft) => reset({ bankingInformationId: '', amount: '', ...draft }));
  const chosenId = useWatch({ control, name: 'bankingInformationId' });
  /** The amount (centavos) the last code was sent for: the code confirms that amount only. */
  const [sentFor, setSentFor] = useState<number | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const waiting = useSecondsUntil(resendAt);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const entry = overview.bankingInformation.find((b) => String(b.id) === chosenId);
  const fee = nextFeeCents(overview);
  const typedAmount = useWatch({ control, name: 'amount' });
  const codeIntention = useIntention({ amount: sentFor ?? typedAmount });
  const withdrawal = useIntention({ code, entry: entry?.id ?? null, sentFor });

  const requestCode = async (amountCents: number) => {
    try {
      const answer = await codeIntention.run((key) =>
        sendCode.mutateAsync({ amount: minorToDecimalText(amountCents), key }),
      );
      if (!answer) return;
      notify.success(answer.message);
      setSentFor(amountCents);
      setResendAt(Date.now() + answer.resendAfterSeconds * 1000);
      setCodeError(null);
    } catch (error) {
      handle(error, (e) => applyServerErrors(e, setError, ['amount', 'bankingInformationId']));
    }
  };

  const onSendCode = handleSubmit(({ amount }) => requestCode(amount));

  const review = (typed = code) => {
    const parsed = WithdrawalRequest.shape.verificationCode.safeParse(typed);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message ?? MESSAGES.codeInvalid);
      return;
    }
    // the destination may have been changed after the code was sent: check it again
    void handleSubmit(() => setConfirming(true))();
  };

  const confirm = async () => {
    if (sentFor === null || !entry) return;
    try {
      const answer = await withdrawal.run((key) =>
        withdraw.mutateAsync({
          verificationCode: code,
          bankingInformationId: entry.id,
          amount: minorToDecimalText(sentFor),
          key,
        }),
      );
      if (!answer) return;
      notify.success(answer.message);
      navigate(WITHDRAWALS_HISTORY_PATH);
    } catch (error) {
      setConfirming(false);
      handle(error, (e) => {
        const errors = isApiError(e) ? e.errors : undefined;
        const codeMessage = errors?.verificationCode?.[0];
        if (codeMessage) setCodeError(codeMessage);
        if (codeMessage && Object.keys(errors ?? {}).length === 1) return;
        applyServerErrors(e, setError, ['amount', 'bankingInformationId']);
      });
    }
  };

  const described = entry ? describeBanking(entry) : null;

  // The confirmation is outside the form: a dialog's submit bubbles through React's tree (portals included), and
  // inside this form it would also send a new code.
  return (
    <>
      <Stack component="form" noValidate spacing={3} onSubmit={onSendCode} aria-label="Retirada de dinheiro">
        <Controller
          control={control}
          name="bankingInformationId"
          render={({ field, fieldState }) => (
            <FormControl component="fieldset" error={Boolean(fieldState.error)}>
              <FormLabel component="legend" sx={{ mb: 1, fontWeight: 600, color: 'text.primary' }}>
                Para onde enviar
              </FormLabel>
              <RadioGroup
                name={field.name}
                value={String(field.value)}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                {...groupErrorProps('withdraw-destination-error', fieldState.error)}
              >
                <Paper variant="outlined">
                  {overview.bankingInformation.map((b, i) => {
                    const { title, detail } = describeBanking(b);
                    return (
                      <FormControlLabel
                        key={b.id}
                        value={String(b.id)}
                        // a submit with errors focuses the first option (react-hook-form's shouldFocusError)
                        control={<Radio slotProps={{ input: { ref: i === 0 ? field.ref : undefined } }} />}
                        label={
                          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 1 }}>
                            <BankingIcon entry={b} />
                            <Box sx={{ minWidth: 0 }}>
                              <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
                              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                                {detail}
                              </Typography>
                            </Box>
                          </Stack>
                        }
                        sx={{
                          m: 0,
                          px: 1,
                          width: '100%',
                          borderBottom: i < overview.bankingInformation.length - 1 ? 1 : 0,
                          borderColor: 'divider',
                        }}
                      />
                    );
                  })}
                </Paper>
              </RadioGroup>
              {fieldState.error && (
                <FormHelperText id="withdraw-destination-error">{fieldState.error.message}</FormHelperText>
              )}
              <Box sx={{ mt: 1 }}>
                <Button component={RouterLink} to={BANKING_PATH} size="small">
                  Gerenciar dados bancários
                </Button>
              </Box>
            </FormControl>
          )}
        />
        <Box>
          <FormMoneyField
            control={control}
            name="amount"
            label="Valor da retirada"
            helperText={`Mínimo de ${brl(overview.minimumWithdrawalAmount)}`}
            required
            disabled={sentFor !== null}
            fullWidth
          />
          {sentFor !== null && (
            <Button size="small" onClick={() => setSentFor(null)} sx={{ mt: 0.5 }}>
              Alterar valor
            </Button>
          )}
        </Box>
        <FeeRule overview={overview} />
        {sentFor === null ? (
          <Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={codeIntention.busy}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
            >
              Enviar código
            </Button>
          </Box>
        ) : (
          <Paper
            variant="outlined"
            sx={{ p: { xs: 2, sm: 2.5 } }}
            component="section"
            aria-label="Código de confirmação"
          >
            <Typography sx={{ mb: 2 }}>
              Enviamos um código de 6 dígitos para o seu e-mail. Ele confirma a retirada de{' '}
              <MoneyText sx={{ fontWeight: 700 }}>{formatBRL(sentFor)}</MoneyText>.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
              {/* 'Enviar código' is replaced by this section: the keyboard's focus goes on to the code */}
              <CodeField
                label="Código de verificação"
                autoFocus
                value={code}
                onChange={(value) => {
                  setCode(value);
                  setCodeError(null);
                }}
                onComplete={(typed) => review(typed)}
                error={Boolean(codeError)}
                helperText={codeError ?? ' '}
                required
                sx={{ flex: 1 }}
              />
              <Button
                variant="outlined"
                onClick={() => void requestCode(sentFor)}
                disabled={waiting > 0 || codeIntention.busy}
                sx={{ minHeight: 56, whiteSpace: 'nowrap' }}
              >
                {waiting > 0 ? `Reenviar código em ${waiting} s` : 'Reenviar código'}
              </Button>
            </Stack>
            <Button
              variant="contained"
              size="large"
              onClick={() => review()}
              sx={{ mt: 1, width: { xs: '100%', sm: 'auto' } }}
            >
              Revisar e confirmar
            </Button>
          </Paper>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming && sentFor !== null && described !== null}
        title="Confirmar retirada?"
        confirmLabel="Confirmar retirada"
        pending={withdrawal.busy}
        onClose={() => setConfirming(false)}
        onConfirm={() => void confirm()}
      >
        {sentFor !== null && described && (
          <Stack spacing={1.5}>
            <Box>
              <SummaryLine label="Valor" value={formatBRL(sentFor)} />
              <SummaryLine label="Tarifa" value={fee > 0 ? `-${formatBRL(fee)}` : 'Grátis'} />
              <SummaryLine label="Você recebe" value={formatBRL(sentFor - fee)} strong />
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

export const Component = WithdrawMoneyPage;
