import { Controller, type FieldValues } from 'react-hook-form';
import { DecimalTextField, type DecimalTextFieldProps } from './decimal-field';
import type { BaseProps } from './form-fields';
import { bindField } from './bind-field';

/** Largest amount a field takes: R$ 10 bilhões (parseDecimal's default maximum). */
const MAX_REAIS = 10_000_000_000;

export type MoneyTextFieldProps = Omit<DecimalTextFieldProps, 'max' | 'prefix' | 'unit'>;

/**
 * A money field (spec 2 §5: comma decimals, two decimals): "R$" in front; the person types or pastes "250.000,00",
 * "250000,00" or "R$ 250.000,00" and the form holds "250000.00" (DecimalTextField, @prata/domain's parseAmountInput).
 */
export function MoneyTextField(props: MoneyTextFieldProps) {
  return <DecimalTextField {...props} prefix="R$" max={MAX_REAIS} />;
}

/** MoneyTextField bound to react-hook-form. */
export function FormMoneyField<T extends FieldValues>({ control, name, helperText, ...props }: BaseProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => <MoneyTextField {...props} {...bindField(field, fieldState, helperText)} />}
    />
  );
}

/**
 * Centavos as the API's dot-decimal text: 25000000 → '250000.00'. The domain's minorToDecimalText under the name the
 * back-office forms (admin limit requests, house rates) import it by.
 */
export { minorToDecimalText as centsToDecimalText } from '@prata/domain';
