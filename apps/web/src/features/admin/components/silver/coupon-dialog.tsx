import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { CouponRequest, type CouponInput, minorToDecimal } from '@prata/domain';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { bindField } from '../../../../components/bind-field';
import { DecimalTextField } from '../../../../components/decimal-field';
import { FormTextField } from './form-text-field';
import { applyServerErrors } from '../../../../lib/form-errors';
import { notify } from '../../../../lib/notify';
import { type AdminCoupon, useSaveCoupon } from '../../api/silver';
import { decimalText, isoToLocalInput, localInputToIso } from '../../silver-labels';

type CouponForm = {
  code: string;
  transaction_fee: string;
  discount_percent: string;
  /** datetime-local values, Brasília time ('' = no limit) */
  valid_from: string;
  valid_until: string;
  /** '' = no limit */
  max_uses: string;
  active: boolean;
};
const FIELDS = [
  'code',
  'transaction_fee',
  'discount_percent',
  'valid_from',
  'valid_until',
  'max_uses',
  'active',
] as const;
const UNTIL_BEFORE_FROM = 'O fim da validade deve ser depois do início';

const asForm = (coupon: AdminCoupon | null): CouponForm => ({
  code: coupon?.code ?? '',
  transaction_fee: coupon ? decimalText(coupon.transaction_fee) : '',
  discount_percent: coupon ? decimalText(coupon.discount_percent) : '',
  valid_from: isoToLocalInput(coupon?.valid_from ?? null),
  valid_until: isoToLocalInput(coupon?.valid_until ?? null),
  max_uses: coupon?.max_uses ? String(coupon.max_uses) : '',
  active: coupon?.active ?? true,
});

/** The form as the contract reads it: the dates as instants with Brasília's offset, empty limits as null. */
const asRequest = (form: CouponForm): CouponRequest => ({
  code: form.code,
  transaction_fee: form.transaction_fee,
  discount_percent: form.discount_percent,
  valid_from: localInputToIso(form.valid_from),
  valid_until: localInputToIso(form.valid_until),
  max_uses: form.max_uses.trim() === '' ? null : form.max_uses.trim(),
  active: form.active,
});

/** The contract's checks on the form, plus one the contract leaves to the screen: the validity's order. */
const resolver: Resolver<CouponForm, unknown, CouponInput> = async (values, context, options) => {
  const result = await (zodResolver(CouponRequest) as unknown as Resolver<CouponForm, unknown, CouponInput>)(
    asRequest(values) as never,
    context,
    options,
  );
  const from = localInputToIso(values.valid_from);
  const until = localInputToIso(values.valid_until);
  if (from && until && new Date(until) <= new Date(from)) {
    return {
      values: {},
      errors: { ...result.errors, valid_until: { type: 'order', message: UNTIL_BEFORE_FROM } },
    } as never;
  }
  return result;
};

/** The contract's output (basis points) back as the API's percentages. */
const asBody = (input: CouponInput): CouponRequest => ({
  ...input,
  transaction_fee: minorToDecimal(input.transaction_fee),
  discount_percent: minorToDecimal(input.discount_percent),
});

/**
 * 'Novo cupom' / 'Editar cupom': the code (letters, digits, '-' and '_', saved in capitals), the operating-fee
 * percentage it grants in trades, the discount on a silver order's minting, insurance and freight, the validity in
 * Brasília time, the most uses, and whether it is active.
 */
export function CouponDialog({ coupon, onClose }: { coupon: AdminCoupon | null; onClose: () => void }) {
  const save = useSaveCoupon();
  const { control, handleSubmit, setError } = useForm<CouponForm, unknown, CouponInput>({
    resolver,
    defaultValues: asForm(coupon),
  });
  const close = () => {
    if (!save.isPending) onClose();
  };
  const onSubmit = handleSubmit((input) =>
    save.mutate(
      { id: coupon?.id ?? null, coupon: asBody(input) },
      {
        onSuccess: ({ message }) => {
          notify.success(message);
          onClose();
        },
        onError: (error) => applyServerErrors(error, setError, FIELDS),
      },
    ),
  );
  const grid = {
    display: 'grid',
    gap: 2,
    gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  };

  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby="cupom-title"
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit } as object }}
    >
      <DialogTitle id="cupom-title">{coupon ? `Editar cupom ${coupon.code}` : 'Novo cupom'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 0.5 }}>
          <FormTextField
            control={control}
            name="code"
            label="Código"
            required
            autoFocus
            helperText="Letras, números, - e _; o cliente digita sem diferença de maiúsculas"
            slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters', spellCheck: false } }}
          />
          <Box sx={grid}>
            <Controller
              control={control}
              name="transaction_fee"
              render={({ field, fieldState }) => (
                <DecimalTextField
                  label="Taxa de transação"
                  unit="%"
                  max={100}
                  required
                  {...bindField(field, fieldState, 'A taxa operacional que o cupom concede')}
                />
              )}
            />
            <Controller
              control={control}
              name="discount_percent"
              render={({ field, fieldState }) => (
                <DecimalTextField
                  label="Desconto"
                  unit="%"
                  max={100}
                  required
                  {...bindField(field, fieldState, 'Sobre cunhagem, seguro e frete da prata física')}
                />
              )}
            />
          </Box>
          <Typography variant="subtitle2" component="h3">
            Validade (horário de Brasília)
          </Typography>
          <Box sx={grid}>
            <FormTextField
              control={control}
              name="valid_from"
              label="Início"
              type="datetime-local"
              helperText="Vazio: já vale"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField
              control={control}
              name="valid_until"
              label="Fim"
              type="datetime-local"
              helperText="Vazio: sem prazo"
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
          <Box sx={grid}>
            <FormTextField
              control={control}
              name="max_uses"
              label="Máximo de usos"
              helperText={
                coupon
                  ? `Usado ${coupon.uses} ${coupon.uses === 1 ? 'vez' : 'vezes'}. Vazio: sem limite`
                  : 'Vazio: sem limite'
              }
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
            />
          </Box>
          <Controller
            control={control}
            name="active"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                label="Ativo"
              />
            )}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={close} disabled={save.isPending}>
          Cancelar
        </Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {coupon ? 'Salvar cupom' : 'Criar cupom'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
