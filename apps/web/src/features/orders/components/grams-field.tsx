import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ComponentType, InputHTMLAttributes, Ref } from 'react';
import { IMaskInput } from 'react-imask';

// IMaskInput's props are a large union over every mask kind; the adapter passes a number mask only.
const MaskInput = IMaskInput as unknown as ComponentType<Record<string, unknown>>;

type ChangeLike = { target: { name: string; value: string } };

/** The largest quantity an order names: 1.000.000,00 g (packages/domain's MAX_ORDER_CENTIGRAMS). */
const MAX_GRAMS = 1_000_000;

/** Grams with two decimals (spec 2 §5: the quantity has its own mask): "1.234,50", held as "1234.50". */
function GramsAdapter({
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
      max={MAX_GRAMS}
      unmask
      inputRef={ref}
      onAccept={(value: string) => onChange({ target: { name, value } })}
    />
  );
}

export type GramsTextFieldProps = Omit<TextFieldProps, 'onChange' | 'value'> & {
  /** Dot-decimal text ('' when empty), e.g. '12.5'. */
  value: string;
  onChange: (value: string) => void;
};

/** A quantity of silver: thousands dots, a decimal comma and "g" after it. */
export function GramsTextField({ value, onChange, slotProps, ...props }: GramsTextFieldProps) {
  return (
    <TextField
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        ...slotProps,
        input: {
          ...(slotProps?.input as object),
          inputComponent: GramsAdapter as never,
          endAdornment: <InputAdornment position="end">g</InputAdornment>,
        },
        htmlInput: { ...(slotProps?.htmlInput as object), inputMode: 'decimal' },
      }}
    />
  );
}
