import type { InputHTMLAttributes } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import type { BaseProps } from './form-fields';
import { MaskedTextField, type MaskSpec } from './masked-text-field';
import { bindField } from './bind-field';

/** A masked TextField bound to react-hook-form (its own file, so forms without masks do not load react-imask). */
export function FormMaskedField<T extends FieldValues>({
  control,
  name,
  mask,
  inputMode,
  helperText,
  ...props
}: BaseProps<T> & { mask: MaskSpec; inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'] }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MaskedTextField {...props} mask={mask} inputMode={inputMode} {...bindField(field, fieldState, helperText)} />
      )}
    />
  );
}
