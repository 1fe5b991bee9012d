import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { SEXOS } from '@prata/domain';
import { useId } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { groupErrorProps } from '@/components/group-error';
import { SEXO_LABELS } from '../labels';

/** 'Sexo' (spec 1 §5: required, 'Escolha uma das opções'): the three options in a row, bound to react-hook-form. */
export function SexoField<T extends FieldValues>({ control, name }: { control: Control<T>; name: Path<T> }) {
  const labelId = useId();
  const errorId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { ref, ...field }, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)} required>
          <FormLabel id={labelId}>Sexo</FormLabel>
          <RadioGroup row aria-labelledby={labelId} {...groupErrorProps(errorId, fieldState.error)} {...field}>
            {SEXOS.map((value, index) => (
              <FormControlLabel
                key={value}
                value={value}
                // a submit with errors focuses the first option (react-hook-form's shouldFocusError)
                control={<Radio slotProps={{ input: { ref: index === 0 ? ref : undefined } }} />}
                label={SEXO_LABELS[value]}
              />
            ))}
          </RadioGroup>
          {fieldState.error && <FormHelperText id={errorId}>{fieldState.error.message}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}
