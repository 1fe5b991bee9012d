import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ComponentType, InputHTMLAttributes, Ref } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { IMaskInput } from 'react-imask';
import type { BaseProps } from './form-fields';
import { bindField } from './bind-field';

// IMaskInput's props are a large union over every mask kind; the adapter passes a number mask only.
const MaskInput = IMaskInput as unknown as ComponentType<Record<string, unknown>>;

type ChangeLike = { target: { name: string; value: string } };

/** Largest amount a field takes: R$ 10 bilhões (parseDecimal's default maximum). */
const MAX_REAIS = 10_000_000_000;

/**
 * pt-BR money (spec 2 §5: comma decimals, two decimals): the person reads "250.000,00", the form holds the
 * unmasked dot-decimal text "250000.00" that parseDecimal and the API read.
 */
function MoneyAdapter({
  ref,
  onChange,
  name,
  ...other
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  name: string;
  onChange: (event: ChangeLike) => void;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <MaskInput
      {...other}
      name={name}
      mask={Number}
      scale={2}
      radix=","
      mapToRadix={['.']}
      thousandsSeparator="."
      padFractionalZeros
      normalizeZeros
      min={0}
      max={MAX_REAIS}
      unmask
      inputRef={ref}
      onAccept={(value: string) => onChange({ target: { name, value } })}
    />
  );
}

export type MoneyTextFieldProps = Omit<TextFieldProps, 'onChange' | 'value'> & {
  /** Dot-decimal text ('' when empty), e.g. '1234.5'. */
  value: string;
  onChange: (value: string) => void;
};

/** A money field: "R$" in front, thousands dots and a decimal comma while typing. */
export function MoneyTextField({ value, onChange, slotProps, ...props }: MoneyTextFieldProps) {
  return (
    <TextField
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        ...slotProps,
        input: {
          ...(slotProps?.input as object),
          inputComponent: MoneyAdapter as never,
          startAdornment: <InputAdornment position="start">R$</InputAdornment>,
        },
        htmlInput: { ...(slotProps?.htmlInput as object), inputMode: 'decimal' },
      }}
    />
  );
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

/** Centavos as the API's dot-decimal text: 25000000 → '250000.00'. */
export function centsToDecimalText(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}
