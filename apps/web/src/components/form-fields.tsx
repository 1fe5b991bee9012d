import '@/lib/zod-locale';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { PasswordField } from './password-field';
import { bindField } from './bind-field';

export type BaseProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
  /** what the form parses its values into may differ from them (a contract that renames its fields) */
  control: Control<T, unknown, FieldValues>;
  name: FieldPath<T>;
};

/** A TextField bound to react-hook-form; the field's error message shows as helper text. */
export function FormTextField<T extends FieldValues>({ control, name, helperText, ...props }: BaseProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => <TextField {...props} {...bindField(field, fieldState, helperText)} />}
    />
  );
}

export function FormPasswordField<T extends FieldValues>({ control, name, helperText, ...props }: BaseProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => <PasswordField {...props} {...bindField(field, fieldState, helperText)} />}
    />
  );
}
