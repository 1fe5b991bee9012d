import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { bindField } from '../bind-field';
import { DecimalTextField, type DecimalTextFieldProps } from '../decimal-field';

export type FormDecimalFieldProps<T extends FieldValues, O> = Omit<
  DecimalTextFieldProps,
  'name' | 'value' | 'onChange' | 'error'
> & {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
};

/**
 * components/decimal-field's DecimalTextField bound to react-hook-form, typed like ./form-text-field's FormTextField
 * for a form whose resolver transforms its values; the field's error message shows as helper text.
 */
export function FormDecimalField<T extends FieldValues, O>({
  control,
  name,
  helperText,
  ...props
}: FormDecimalFieldProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => <DecimalTextField {...props} {...bindField(field, fieldState, helperText)} />}
    />
  );
}

/** A percentage, 0 to 100 with two decimals and '%' after it (a fee, a rate, a share). */
export function FormPercentField<T extends FieldValues, O>(props: Omit<FormDecimalFieldProps<T, O>, 'max' | 'unit'>) {
  return <FormDecimalField {...props} unit="%" max={100} />;
}
