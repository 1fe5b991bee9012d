import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { bindField } from '../bind-field';

/**
 * components/form-fields' FormTextField for a form whose resolver transforms its values (the contracts' percentages
 * into basis points): the same TextField bound to react-hook-form, typed for the transformed output too.
 */
export function FormTextField<T extends FieldValues, O>({
  control,
  name,
  helperText,
  ...props
}: Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => <TextField {...props} {...bindField(field, fieldState, helperText)} />}
    />
  );
}
