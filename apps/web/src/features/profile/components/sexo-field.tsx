import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { SEXOS } from '@prata/domain';
import { useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { SEXO_LABELS } from '../labels';

/** 'Sexo' (spec 1 §5: required, 'Escolha uma das opções'): the three options in a row, bound to react-hook-form. */
export function SexoField<T extends FieldValues>({ control, name }: { control: Control<T>; name: Path<T> }) {
  const labelId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)} required>
          <FormLabel id={labelId}>Sexo</FormLabel>
          <RadioGroup row aria-labelledby={labelId} {...field}>
            {SEXOS.map((value) => (
              <FormControlLabel key={value} value={value} control={<Radio />} label={SEXO_LABELS[value]} />
            ))}
          </RadioGroup>
          {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
