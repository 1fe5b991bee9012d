import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

/** A labelled Switch bound to a boolean field of react-hook-form (e.g. 'Ativo'). */
export function FormSwitch<T extends FieldValues, O>({
  control,
  name,
  label,
}: {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  label: ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
          label={label}
        />
      )}
    />
  );
}
