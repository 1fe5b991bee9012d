import { zodResolver } from '@hookform/resolvers/zod';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type DepositLimits, PixDepositRequest, minorToDecimalText } from '@prata/domain';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormMoneyField } from '@/components/money-field';
import { applyServerErrors } from '@/lib/form-errors';
import { useFormDraft } from '@/lib/form-draft';
import { focusIfLost } from '@/lib/focus';
import { useIntention } from '@/lib/intention';
import { useCreatePixDeposit, useDepositOverview } from '../api/deposits';
import type { PixDepositResponse } from '../api/types';
import { MoneyPage, MoneySkeleton } from '../components/money-page';
import { RegistrationQueryState, useRegistrationErrorHandler } from '@/components/registration-query-state';
import { PixPaymentDialog } from '../components/pix-payment-dialog';
import { brl } from '../labels';
import { depositLimitMessage, depositLimitsText } from '../limits';

type PixInput = z.input<typeof PixDepositRequest>;
type PixOutput = z.output<typeof PixDepositRequest>;

/**
 * The amount and "Criar QR Code": the spec's messages come from the domain's schema (spec 2 §5). One intention per
 * amount: a double click, or a retry after a lost answer, sends the same Idempotency-Key, so one charge is made.
 */
function PixDepositForm({ minimum, limits }: { minimum: number; limits?: DepositLimits }) {
  const create = useCreatePixDeposit();
  const handle = useRegistrationErrorHandler();
  const [payment, setPayment] = useState<PixDepositResponse | null>(null);
  // disabled while the QR code is made, the button loses the focus: it gets it back when the dialog closes
  const submit = useRef<HTMLButtonElement>(null);
  const { control, handleSubmit, setError, reset } = useForm<PixInput, unknown, PixOutput>({
    resolver: zodResolver(PixDepositRequest),
    defaultValues: { amount: '' },
  });
  useFormDraft('deposito-pix', useWatch({ control }), (draft) => reset({ amount: '', ...draft }));

  const typed = useWatch({ control, name: 'amount' });
  const intention = useIntention({ amount: typed });

  const onSubmit = handleSubmit(async ({ amount_cents: amountCents }) => {
    // above the limits: said at once, and no charge is asked for (the server refuses it the same way)
    const refusal = limits ? depositLimitMessage(limits, amountCents, 'pix') : null;
    if (refusal) {
      setError('amount', { message: refusal }, { shouldFocus: true });
      return;
    }
    try {
      const answer = await intention.run((idempotencyKey) =>
        create.mutateAsync({ amount: minorToDecimalText(amountCents), idempotencyKey }),
      );
      if (!answer) return;
      setPayment(answer);
      reset({ amount: '' });
    } catch (error) {
      handle(error, (e) => applyServerErrors(e, setError, ['amount']));
    }
  });

  return (
    <>
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit} aria-label="Depósito por Pix">
        <FormMoneyField
          control={control}
          name="amount"
          label="Valor do depósito"
          helperText={
            limits ? `Mínimo de ${brl(minimum)}, máximo de ${brl(limits.maxNow)}` : `Mínimo de ${brl(minimum)}`
          }
          required
          autoFocus
        />
        <Box>
          <Button
            ref={submit}
            type="submit"
            variant="contained"
            size="large"
            startIcon={<QrCode2Outlined />}
            disabled={intention.busy}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            Criar QR Code
          </Button>
        </Box>
      </Stack>
      <PixPaymentDialog
        deposit={payment?.deposit ?? null}
        qr={payment ?? undefined}
        note={payment?.message}
        onClose={() => setPayment(null)}
        onExited={(node) => focusIfLost(submit.current, node)}
      />
    </>
  );
}

/** /adicionar-dinheiro/pix (spec 2 §2): the amount, the QR code in a dialog, and the wait for the payment. */
export function PixDepositPage() {
  const overview = useDepositOverview();
  return (
    <MoneyPage
      title="Adicionar por Pix"
      description="Crie um QR Code e pague pelo aplicativo do seu banco. O valor entra no seu saldo em instantes."
      back={{ to: '/adicionar-dinheiro', label: 'Voltar' }}
    >
      <RegistrationQueryState query={overview} skeleton={<MoneySkeleton blocks={1} />}>
        {(data) => (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 560 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              Pague de uma conta em seu nome. O QR Code vale para o valor informado.
            </Typography>
            <Alert severity="info" variant="outlined" sx={{ mb: 2.5 }} aria-label="Limites de depósito">
              {depositLimitsText(data.depositLimits)}
            </Alert>
            <PixDepositForm minimum={data.minimumPixDeposit} limits={data.depositLimits} />
          </Paper>
        )}
      </RegistrationQueryState>
    </MoneyPage>
  );
}

/** The page as the router loads it (lazyPage in app/router.tsx). @public */
export const Component = PixDepositPage;
