import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ComponentType, InputHTMLAttributes, Ref } from 'react';
import { IMaskInput } from 'react-imask';

/** A mask as @prata/domain's MASKS describes it, ready for IMaskInput. */
export type MaskSpec = { mask: unknown; definitions?: Record<string, RegExp>; prepareChar?: (c: string) => string };

type ChangeLike = { target: { name: string; value: string } };

type MaskAdapterProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> &
  MaskSpec & { name: string; onChange: (event: ChangeLike) => void; ref?: Ref<HTMLInputElement> };

// IMaskInput's props are a large union over every mask kind; the adapter only forwards what it received.
const MaskInput = IMaskInput as unknown as ComponentType<Record<string, unknown>>;

/**
 * Bridges MUI's InputBase and react-imask. Under React 19 the ref arrives as a prop and must be handed to
 * IMaskInput as inputRef, or MUI cannot focus the field (research/stack-probe.md, gotcha 7).
 */
function MaskAdapter({ ref, onChange, mask, definitions, prepareChar, name, ...other }: MaskAdapterProps) {
  return (
    <MaskInput
      {...other}
      name={name}
      mask={mask}
      definitions={definitions}
      prepareChar={prepareChar}
      inputRef={ref}
      onAccept={(value: string) => onChange({ target: { name, value } })}
    />
  );
}

export type MaskedTextFieldProps = Omit<TextFieldProps, 'onChange' | 'value'> & {
  mask: MaskSpec;
  value: string;
  onChange: (value: string) => void;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
};

/** A TextField with a react-imask mask; `value` and `onChange` carry the masked text. */
export function MaskedTextField({ mask, value, onChange, inputMode, slotProps, ...props }: MaskedTextFieldProps) {
  return (
    <TextField
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        ...slotProps,
        input: { ...(slotProps?.input as object), inputComponent: MaskAdapter as never },
        htmlInput: {
          ...(slotProps?.htmlInput as object),
          mask: mask.mask,
          definitions: mask.definitions,
          prepareChar: mask.prepareChar,
          inputMode,
        },
      }}
    />
  );
}
