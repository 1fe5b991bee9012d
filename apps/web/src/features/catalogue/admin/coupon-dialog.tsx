import { zodResolver } from '@hookform/resolvers/zod';
import Typography from '@mui/material/Typography';
import {
  brDateTimeToInstant,
  CouponRequest,
  type CouponInput,
  formatDateTimeBR,
  MASKS,
  minorToDecimal,
} from '@prata/domain';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { type AdminCoupon, useSaveCoupon } from './api';
import { decimalText } from './labels';
import { closeOnSave, FieldGrid, FormDialog } from '@/components/admin/form-dialog';
import { useIntention } from '@/lib/intention';
import { FormPercentField } from '@/components/admin/form-decimal-field';
import { FormSwitch } from '@/components/admin/form-switch';
import { FormTextField } from '@/components/admin/form-text-field';
import { FormMaskedField } from '@/components/form-masked-field';

type CouponForm = {
  code: string;
  transaction_fee: string;
  discount_percent: string;
  /** dd/mm/aaaa hh:mm in Brasília time, as formatDateTimeBR writes it ('' = no limit) */
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
const asForm = (coupon: AdminCoupon | null): CouponForm => ({
  code: coupon?.code ?? '',
  transaction_fee: coupon ? decimalText(coupon.transaction_fee) : '',
  discount_percent: coupon ? decimalText(coupon.discount_percent) : '',
  valid_from: coupon?.valid_from ? formatDateTimeBR(coupon.valid_from) : '',
  valid_until: coupon?.valid_until ? formatDateTimeBR(coupon.valid_until) : '',
  max_uses: coupon?.max_uses ? String(coupon.max_uses) : '',
  active: coupon?.active ?? true,
});

/**
 * A typed moment as the instant the contract reads; what is not one goes as typed, so the contract's message says so
 * under the field.
 */
const instantOf = (text: string): string | null => (text.trim() === '' ? null : (brDateTimeToInstant(text) ?? text));

/** The form as the contract reads it: the dates as instants with Brasília's offset, empty limits as null. */
const asRequest = (form: CouponForm): CouponRequest => ({
  code: form.code,
  transaction_fee: form.transaction_fee,
  discount_percent: form.discount_percent,
  valid_from: instantOf(form.valid_from),
  valid_until: instantOf(form.valid_until),
  max_uses: form.max_uses.trim() === '' ? null : form.max_uses.trim(),
  active: form.active,
});

/** The contract's checks on the form, its validity's order included. */
const resolver: Resolver<CouponForm, unknown, CouponInput> = (values, context, options) =>
  (zodResolver(CouponRequest) as unknown as Resolver<CouponForm, unknown, CouponInput>)(
    asRequest(values) as never,
    context,
    options,
  );

/** The contract's output (basis points) back as the API's percentages. */
const asBody = ({ transaction_fee_bps, discount_bps, ...rest }: CouponInput): CouponRequest => ({
  ...rest,
  transaction_fee: minorToDecimal(transaction_fee_bps),
  discount_percent: minorToDecimal(discount_bps),
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
  const intention = useIntention({ id: coupon?.id ?? null, form: useWatch({ control }) });
  const onSubmit = handleSubmit((input) => {
    const { onSuccess, onError } = closeOnSave(onClose, setError, FIELDS);
    void intention
      .run((key) => save.mutateAsync({ id: coupon?.id ?? null, coupon: asBody(input), key }))
      .then((answer) => answer && onSuccess(answer), onError);
  });

  return (
    <FormDialog
      open
      titleId="cupom-title"
      title={coupon ? `Editar cupom ${coupon.code}` : 'Novo cupom'}
      submitLabel={coupon ? 'Salvar cupom' : 'Criar cupom'}
      pending={intention.busy}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormTextField
        control={control}
        name="code"
        label="Código"
        required
        autoFocus
        helperText="Letras, números, - e _; o cliente digita sem diferença de maiúsculas"
        slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters', spellCheck: false } }}
      />
      <FieldGrid>
        <FormPercentField
          control={control}
          name="transaction_fee"
          label="Taxa de transação"
          required
          helperText="A taxa operacional que o cupom concede"
        />
        <FormPercentField
          control={control}
          name="discount_percent"
          label="Desconto"
          required
          helperText="Sobre cunhagem, seguro e frete da prata física"
        />
      </FieldGrid>
      <Typography variant="subtitle2" component="h3">
        Validade (horário de Brasília)
      </Typography>
      <FieldGrid>
        <FormMaskedField
          control={control}
          name="valid_from"
          label="Início"
          mask={MASKS.dateTime}
          inputMode="numeric"
          placeholder="dd/mm/aaaa hh:mm"
          helperText="dd/mm/aaaa hh:mm; vazio: já vale"
        />
        <FormMaskedField
          control={control}
          name="valid_until"
          label="Fim"
          mask={MASKS.dateTime}
          inputMode="numeric"
          placeholder="dd/mm/aaaa hh:mm"
          helperText="dd/mm/aaaa hh:mm; vazio: sem prazo"
        />
      </FieldGrid>
      <FieldGrid>
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
      </FieldGrid>
      <FormSwitch control={control} name="active" label="Ativo" />
    </FormDialog>
  );
}
