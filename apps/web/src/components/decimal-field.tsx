import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ComponentType, InputHTMLAttributes, Ref } from 'react';
import { IMaskInput } from 'react-imask';

// IMaskInput's props are a large union over every mask kind; the adapter passes a number mask only.
const MaskInput = IMaskInput as unknown as ComponentType<Record<string, unknown>>;

type ChangeLike = { target: { name: string; value: string } };

/** Two decimals, pt-BR separators while typing ("1.234,50"), held as dot-decimal text ("1234.50"). */
function DecimalAdapter({
  ref,
  onChange,
  name,
  max,
  ...other
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'max'> & {
  name: string;
  max: number;
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
      max={max}
      unmask
      inputRef={ref}
      onAccept={(value: string) => onChange({ target: { name, value } })}
    />
  );
}

export type DecimalTextFieldProps = Omit<TextFieldProps, 'onChange' | 'value'> & {
  /** Dot-decimal text ('' when empty), e.g. '12.5'. */
  value: string;
  onChange: (value: string) => void;
  /** the largest number the mask lets through, in whole units */
  max: number;
  /** what stands before the number ('R$') */
  prefix?: string;
  /** the unit after the number ('g', '%') */
  unit?: string;
};

/**
 * A number with two decimals and pt-BR separators while typing: an amount in reais ("R$" in front), grams of silver
 * or a rate ("g", "%" after it). The form holds the unmasked dot-decimal text that parseDecimal and the API read; the
 * server checks the limits again (the contracts' fields), the mask only keeps the typing within them.
 */
export function DecimalTextField({ value, onChange, max, prefix, unit, slotProps, ...props }: DecimalTextFieldProps) {
  return (
    <TextField
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        ...slotProps,
        input: {
          ...(slotProps?.input as object),
          inputComponent: DecimalAdapter as never,
          ...(prefix ? { startAdornment: <InputAdornment position="start">{prefix}</InputAdornment> } : {}),
          ...(unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : {}),
        },
        htmlInput: { ...(slotProps?.htmlInput as object), inputMode: 'decimal', max },
      }}
    />
  );
}
