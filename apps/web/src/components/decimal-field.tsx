import { type AmountUnit, formatAmountInput, parseAmountInput, toMinorUnits } from '@prata/domain';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type ClipboardEvent, type FocusEvent, useState } from 'react';

export type DecimalTextFieldProps = Omit<TextFieldProps, 'onChange' | 'value'> & {
  /** Dot-decimal text ('' when empty), e.g. '12.5'. */
  value: string;
  onChange: (value: string) => void;
  /** the largest number the field takes, in whole units */
  max: number;
  /** what stands before the number ('R$') */
  prefix?: string;
  /** the unit after the number ('g', '%') */
  unit?: string;
};

/** What cannot be typed into an amount: anything but digits, the decimal comma and thousands dots. */
const UNTYPABLE = /[^\d.,]/g;

const amountUnit = (unit?: string): AmountUnit => (unit === 'g' ? 'g' : unit === '%' ? '%' : 'BRL');

/** The text shown for a value the form holds: '1234.5' → '1.234,50'; a text that is not an amount as it is. */
function shownFor(value: string, unit: AmountUnit): string {
  const text = String(value ?? ''); // a form's default can be a number despite the type
  if (text === '') return '';
  const parsed = parseAmountInput(text, { unit, allowZero: true, max: Number.MAX_SAFE_INTEGER });
  return parsed.ok ? formatAmountInput(parsed.minor) : text;
}

/**
 * A number with two decimals the way it is written in Brazil: an amount in reais ("R$" in front), grams of silver or
 * a rate ("g", "%" after it). The person types freely (digits, one comma, thousands dots; other characters are
 * dropped) and sees what they typed; the form holds, at every keystroke, the dot-decimal text that @prata/domain's
 * parseAmountInput reads from it ('1.234,56' → '1234.56', '1.000' → '1000'), the text itself while it is not an
 * amount yet (so the form's rule says why). A paste or an autofill ('R$ 1.500,00') is read whole; on blur, and when
 * the form sets the value, the number is shown formatted ('1.234,56'). A keystroke past `max`, past two decimals or
 * adding a second comma is refused; the server checks the limits again (the contracts' fields).
 */
export function DecimalTextField({
  value,
  onChange,
  max,
  prefix,
  unit,
  slotProps,
  onBlur,
  ...props
}: DecimalTextFieldProps) {
  const amount = amountUnit(unit);
  // `held` is the value this field last handed to the form: another value comes from outside (a reset) and is shown.
  const [state, setState] = useState(() => ({ held: value, shown: shownFor(value, amount) }));
  if (state.held !== value) setState({ held: value, shown: shownFor(value, amount) });

  const read = (text: string) => parseAmountInput(text, { unit: amount, allowZero: true, max: toMinorUnits(max) });

  const show = (shown: string, held: string) => {
    setState({ held, shown });
    if (held !== value) onChange(held);
  };

  /** A whole amount arriving at once (a paste, an autofill): shown formatted when it reads; false when not. */
  const takeWhole = (text: string): boolean => {
    const parsed = read(text);
    if (!parsed.ok) return false;
    show(formatAmountInput(parsed.minor), parsed.decimal);
    return true;
  };

  const handleChange = (raw: string) => {
    const text = raw.replace(UNTYPABLE, '');
    // Several characters at once with signs among them ('R$ 1.500,00' inserted or autofilled): read whole. One
    // character at a time, a letter or a space is only dropped.
    if (text !== raw && raw.length > state.shown.length + 1 && takeWhole(raw)) return;
    if (!/\d/.test(text)) return show(text, '');
    const parsed = read(text);
    if (parsed.ok) return show(text, parsed.decimal);
    const typedPastTheRules = parsed.reason === 'too_large' || (text.match(/,/g) ?? []).length > 1;
    const decimals = /,(\d*)$/.exec(text)?.[1]?.length ?? 0;
    if (typedPastTheRules || decimals > 2) return; // the keystroke is refused: the field keeps its text
    show(text, text);
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const everything = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    if (!everything && input.value !== '') return; // pasted into the middle: read with the rest, as typed
    if (takeWhole(event.clipboardData.getData('text'))) event.preventDefault();
  };

  const handleBlur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const parsed = read(state.shown);
    if (parsed.ok) setState({ ...state, shown: formatAmountInput(parsed.minor) });
    onBlur?.(event);
  };

  return (
    <TextField
      {...props}
      value={state.shown}
      onChange={(event) => handleChange(event.target.value)}
      onBlur={handleBlur}
      slotProps={{
        ...slotProps,
        input: {
          ...(slotProps?.input as object),
          ...(prefix ? { startAdornment: <InputAdornment position="start">{prefix}</InputAdornment> } : {}),
          ...(unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : {}),
        },
        htmlInput: {
          ...(slotProps?.htmlInput as object),
          inputMode: 'decimal',
          onPaste: handlePaste,
        },
      }}
    />
  );
}
