import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { CODE_LENGTH } from '@prata/domain';
import type { ClipboardEvent } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { bindField } from './bind-field';
import type { BaseProps } from './form-fields';

/**
 * The digits of a six-digit code as typed, pasted or autofilled: letters, spaces and dashes go ('123 456',
 * '123-456' → '123456'), and only the first six digits count.
 */
export function codeDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

type CodeFieldProps = Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  /** Called once the sixth digit arrives (typed, pasted or filled in by the phone), e.g. to submit. */
  onComplete?: (code: string) => void;
};

/**
 * The six-digit code field: digits only, a pasted code keeps its digits whatever surrounds them, and a complete code
 * can submit itself. No maxLength on the input: it would cut '123 456' to '123 45' before the digits are kept.
 */
export function CodeField({ value, onChange, onComplete, slotProps, ...props }: CodeFieldProps) {
  const accept = (text: string) => {
    const digits = codeDigits(text);
    if (digits === value) return;
    onChange(digits);
    if (digits.length === CODE_LENGTH) onComplete?.(digits);
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!pasted) return;
    event.preventDefault();
    // A pasted code replaces what was there: nobody pastes half a code.
    accept(pasted);
  };
  return (
    <TextField
      autoComplete="one-time-code"
      {...props}
      value={value}
      onChange={(event) => accept(event.target.value)}
      slotProps={{
        ...slotProps,
        htmlInput: {
          inputMode: 'numeric',
          pattern: '[0-9]*',
          onPaste,
          style: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' },
          ...(slotProps?.htmlInput as object),
        },
      }}
    />
  );
}

/** CodeField bound to react-hook-form. */
export function FormCodeField<T extends FieldValues>({
  control,
  name,
  helperText,
  onComplete,
  ...props
}: BaseProps<T> & { onComplete?: (code: string) => void }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <CodeField {...props} {...bindField(field, fieldState, helperText)} onComplete={onComplete} />
      )}
    />
  );
}
