import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { MaskOptions } from '@prata/domain';
import { type ClipboardEvent, type ComponentType, type InputHTMLAttributes, type Ref, useRef } from 'react';
import { IMaskInput } from 'react-imask';

/** A mask as @prata/domain's MASKS describes it, ready for IMaskInput. */
export type MaskSpec = Omit<MaskOptions, 'mask'> & { mask: unknown };

type ChangeLike = { target: { name: string; value: string } };

type MaskAdapterProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> &
  MaskSpec & { name: string; onChange: (event: ChangeLike) => void; ref?: Ref<HTMLInputElement> };

// IMaskInput's props are a large union over every mask kind; the adapter only forwards what it received.
const MaskInput = IMaskInput as unknown as ComponentType<Record<string, unknown>>;

/** imask's built-in slots; a pattern's other characters are fixed unless `definitions` names them. */
const BUILT_IN_SLOTS: Record<string, RegExp> = { '0': /\d/, a: /[a-zA-Z\u00C0-\u00FF]/, '*': /./ };

/** The characters the pattern's slots accept, e.g. digits for a CPF; letters and digits for the 2026 CNPJ. */
function slotRules(spec: MaskSpec): RegExp[] {
  if (typeof spec.mask !== 'string') return [];
  const slots = { ...BUILT_IN_SLOTS, ...spec.definitions };
  return [...new Set(spec.mask)].flatMap((c) => (slots[c] ? [slots[c]] : []));
}

/** Keeps the characters some slot accepts (after prepareChar), in order: '123.456.789-09' → '12345678909'. */
function slotCharacters(text: string, spec: MaskSpec): string {
  const rules = slotRules(spec);
  let out = '';
  for (const raw of text) {
    const c = spec.prepareChar ? spec.prepareChar(raw) : raw;
    if (rules.some((rule) => rule.test(c))) out += c;
  }
  return out;
}

/** What a paste turns into: the mask's own normalisation (a phone drops +55), then the characters slots take. */
export function pastedCharacters(text: string, spec: MaskSpec): string {
  return slotCharacters(spec.normalizePaste ? spec.normalizePaste(text) : text, spec);
}

type MaskRef = { maskRef?: { unmaskedValue: string; updateCursor?: (pos: number) => void; value: string } };

/**
 * Bridges MUI's InputBase and react-imask. Under React 19 the ref arrives as a prop and must be handed to
 * IMaskInput as inputRef, or MUI cannot focus the field (research/stack-probe.md, gotcha 7).
 *
 * Pastes are handled here: left to imask, '+55 11 98765-4321' fills the area code with the country code, and
 * whatever separators the text carries meet the mask's fixed characters in the wrong places. The pasted text is
 * reduced to the characters the mask takes and placed over the selection, and imask formats the result.
 */
function MaskAdapter({
  ref,
  onChange,
  mask,
  definitions,
  prepareChar,
  normalizePaste,
  name,
  onPaste,
  ...other
}: MaskAdapterProps) {
  const imask = useRef<MaskRef>(null);
  const spec: MaskSpec = { mask, definitions, prepareChar, normalizePaste };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    onPaste?.(event);
    const masked = imask.current?.maskRef;
    const pasted = event.clipboardData.getData('text');
    if (event.defaultPrevented || !masked || typeof mask !== 'string' || !pasted) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    const before = slotCharacters(input.value.slice(0, start), spec);
    const after = slotCharacters(input.value.slice(end), spec);
    const inserted = pastedCharacters(pasted, spec);
    // imask fires onAccept (and so onChange) when the value changes
    masked.unmaskedValue = before + inserted + after;
    masked.updateCursor?.(masked.value.length);
  };

  return (
    <MaskInput
      {...other}
      ref={imask}
      name={name}
      mask={mask}
      definitions={definitions}
      prepareChar={prepareChar}
      inputRef={ref}
      onPaste={handlePaste}
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
          normalizePaste: mask.normalizePaste,
          inputMode,
        },
      }}
    />
  );
}
