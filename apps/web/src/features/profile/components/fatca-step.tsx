import { zodResolver } from '@hookform/resolvers/zod';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@prata/domain';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { groupErrorProps } from '@/components/group-error';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import type { FatcaFlags } from '../api/get-register-finish';
import { useUpdateFatca } from '../api/update-fatca';
import { StepActions } from './step-actions';
import { DECLARATION_SECTIONS, FATCA_QUESTIONS } from '../labels';

type FatcaKey = keyof FatcaFlags;

const answer = z.enum(['true', 'false'], { error: MESSAGES.chooseOneOption });
const FatcaForm = z.object({
  politicamente_exposto: answer,
  americano: answer,
  naturalizacao_americana: answer,
  caracteristica_us_person: answer,
  contribuinte_americano: answer,
});
type FatcaFormInput = z.input<typeof FatcaForm>;

const toAnswer = (flag: boolean | null) =>
  (flag === null || flag === undefined ? '' : String(flag)) as FatcaFormInput[FatcaKey];

/** Step "Declarações" (individuals only): the PEP question, then FATCA's, each section with its heading. */
export function FatcaStep({
  flags,
  onDone,
  onBack,
  submitLabel = 'Concluir cadastro',
}: {
  flags: FatcaFlags;
  onDone?: () => void;
  onBack?: () => void;
  submitLabel?: string;
}) {
  const update = useUpdateFatca();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(FatcaForm),
    defaultValues: Object.fromEntries(FATCA_QUESTIONS.map(({ key }) => [key, toAnswer(flags[key])])) as FatcaFormInput,
  });

  const onSubmit = handleSubmit((v) =>
    update.mutate(
      {
        politicamente_exposto: v.politicamente_exposto === 'true',
        americano: v.americano === 'true',
        naturalizacao_americana: v.naturalizacao_americana === 'true',
        caracteristica_us_person: v.caracteristica_us_person === 'true',
        contribuinte_americano: v.contribuinte_americano === 'true',
      },
      {
        onSuccess: ({ message }) => {
          if (message) notify.success(message);
          onDone?.();
        },
        onError: (error) =>
          applyServerErrors(
            error,
            setError,
            FATCA_QUESTIONS.map((q) => q.key),
          ),
      },
    ),
  );

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
      {DECLARATION_SECTIONS.map((section) => (
        <Stack key={section.title} component="section" spacing={2} aria-labelledby={`declaracao-${section.keys[0]}`}>
          <Typography id={`declaracao-${section.keys[0]}`} variant="h6" component="h3">
            {section.title}
          </Typography>
          <Typography color="text.secondary">{section.intro}</Typography>
          {FATCA_QUESTIONS.filter(({ key }) => section.keys.includes(key)).map(({ key, question }) => (
            <Controller
              key={key}
              control={control}
              name={key}
              render={({ field: { ref, ...field }, fieldState }) => (
                <FormControl error={Boolean(fieldState.error)} required>
                  <FormLabel id={`fatca-${key}`} sx={{ color: 'text.primary' }}>
                    {question}
                  </FormLabel>
                  <RadioGroup
                    row
                    aria-labelledby={`fatca-${key}`}
                    {...groupErrorProps(`fatca-${key}-error`, fieldState.error)}
                    {...field}
                  >
                    {/* a submit with errors focuses the first option (react-hook-form's shouldFocusError) */}
                    <FormControlLabel value="true" control={<Radio slotProps={{ input: { ref } }} />} label="Sim" />
                    <FormControlLabel value="false" control={<Radio />} label="Não" />
                  </RadioGroup>
                  {fieldState.error && (
                    <FormHelperText id={`fatca-${key}-error`}>{fieldState.error.message}</FormHelperText>
                  )}
                </FormControl>
              )}
            />
          ))}
        </Stack>
      ))}
      <StepActions onBack={onBack} submitLabel={submitLabel} pending={update.isPending} />
    </Stack>
  );
}
