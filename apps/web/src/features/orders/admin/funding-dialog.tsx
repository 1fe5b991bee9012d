import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { HouseFundingRequest, MAX_ORDER_CENTIGRAMS, minorToDecimal } from '@prata/domain';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { bindField } from '@/components/bind-field';
import { MoneyTextField } from '@/components/money-field';
import { firstError, hasErrorCode } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useIntention } from '@/lib/intention';
import { useFundHouse } from './api';
import { DecimalTextField } from '@/components/decimal-field';

type Currency = 'AG' | 'BRL';
type FundingInput = { currency: Currency; amount: string };
/** what the contract parses: the silver in centigrams, the reais in centavos */
type FundingOutput = z.output<typeof HouseFundingRequest>;

const EXPLAIN: Record<Currency, string> = {
  AG: 'Prata que a empresa colocou no cofre para a casa vender. Registre só o que já está no cofre: o saldo da casa e a prova de reservas passam a contar com ela.',
  BRL: 'Capital que a empresa depositou na conta do Prata para a casa comprar. Registre só o que já chegou à conta da empresa.',
};

/**
 * "Aportar": silver put in the vault (grams) or capital paid in (reais), for the house to trade with. It cannot be
 * undone from here, so the dialog says what it records; a new Idempotency-Key per attempt (api/market.ts).
 */
export function FundingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fund = useFundHouse();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { control, handleSubmit, setError, reset, resetField } = useForm<FundingInput, unknown, FundingOutput>({
    resolver: zodResolver(HouseFundingRequest) as never,
    defaultValues: { currency: 'AG', amount: '' },
  });
  const [currency, amount] = useWatch({ control, name: ['currency', 'amount'] });
  // one intention per funding typed (lib/intention.ts): a double click funds once
  const intention = useIntention({ currency, amount });

  const close = () => {
    if (intention.busy) return;
    reset();
    setRefusal(null);
    onClose();
  };

  const onSubmit = handleSubmit(async (funding) => {
    setRefusal(null);
    const body =
      funding.currency === 'AG'
        ? ({ currency: 'AG', amount: minorToDecimal(funding.amount_cg) } as const)
        : ({ currency: 'BRL', amount: minorToDecimal(funding.amount_cents) } as const);
    try {
      const answer = await intention.run((key) => fund.mutateAsync({ funding: body, key }));
      if (!answer) return;
      notify.success(answer.message);
      reset();
      onClose();
    } catch (error) {
      if (hasErrorCode(error, 'VALIDATION_FAILED')) applyServerErrors(error, setError, ['currency', 'amount']);
      else setRefusal(firstError(error));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="aporte-title"
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id="aporte-title">Aporte na casa</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <Controller
            control={control}
            name="currency"
            render={({ field }) => (
              <ToggleButtonGroup
                exclusive
                fullWidth
                size="small"
                color="primary"
                value={field.value}
                onChange={(_event, next: Currency | null) => {
                  if (!next) return;
                  field.onChange(next);
                  resetField('amount');
                }}
                aria-label="O que a casa recebe"
              >
                <ToggleButton value="AG">Prata (g)</ToggleButton>
                <ToggleButton value="BRL">Reais (R$)</ToggleButton>
              </ToggleButtonGroup>
            )}
          />
          <Typography variant="body2" color="text.secondary">
            {EXPLAIN[currency]}
          </Typography>
          <Controller
            control={control}
            name="amount"
            render={({ field, fieldState }) =>
              currency === 'AG' ? (
                <DecimalTextField
                  label="Quantidade de prata"
                  unit="g"
                  max={MAX_ORDER_CENTIGRAMS / 100}
                  autoFocus
                  {...bindField(field, fieldState)}
                />
              ) : (
                <MoneyTextField label="Valor em reais" autoFocus {...bindField(field, fieldState)} />
              )
            }
          />
          {refusal && <Alert severity="error">{refusal}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={close} disabled={intention.busy}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={intention.busy}>
          Registrar aporte
        </Button>
      </DialogActions>
    </Dialog>
  );
}
