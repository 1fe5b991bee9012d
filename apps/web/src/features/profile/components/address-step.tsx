import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCep, isCompleteCep, MASKS, MESSAGES, onlyDigits } from '@prata/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields';
import { FormMaskedField } from '../../../components/form-masked-field';
import type { Address } from '../../../lib/auth';
import { applyServerErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useCreateAddress } from '../api/create-address';
import { CityAutocomplete } from './city-autocomplete';
import { StepActions } from './step-actions';

export const ADDRESS_TYPES = ['Residencial', 'Comercial'] as const;

const CitySchema = z.object({ id: z.number(), name: z.string(), state: z.string(), description: z.string() });

const AddressForm = z.object({
  type: z.string().min(1, MESSAGES.addressTypeRequired),
  cep: z
    .string()
    .min(1, MESSAGES.cepRequired)
    .refine((v) => isCompleteCep(v), MESSAGES.cepIncomplete),
  city: CitySchema.nullable().refine((v) => v !== null, MESSAGES.cityRequired),
  neighborhood: z.string().trim().min(1, MESSAGES.neighborhoodRequired),
  street: z.string().trim().min(1, MESSAGES.streetRequired),
  number: z.string().trim().min(1, MESSAGES.numberRequired),
  unit: z.string(),
  other_info: z.string(),
});

const FIELDS = Object.keys(AddressForm.shape);

export function formatAddress(address: Address): string[] {
  const line1 = [address.street, address.number, address.unit].filter(Boolean).join(', ');
  const line2 = [address.neighborhood, address.city?.description].filter(Boolean).join(' - ');
  return [line1, line2, `CEP ${formatCep(address.cep)}`];
}

function ExistingAddress({
  address,
  onContinue,
  onAddAnother,
  onBack,
}: {
  address: Address;
  onContinue: () => void;
  onAddAnother: () => void;
  onBack?: () => void;
}) {
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">Você já tem um endereço cadastrado:</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="overline" color="text.secondary">
          {address.type}
        </Typography>
        {formatAddress(address).map((line) => (
          <Typography key={line}>{line}</Typography>
        ))}
      </Paper>
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        {onBack && (
          <Button color="inherit" onClick={onBack}>
            Voltar
          </Button>
        )}
        <Button onClick={onAddAnother}>Cadastrar outro endereço</Button>
        <Button variant="contained" size="large" onClick={onContinue}>
          Continuar com este endereço
        </Button>
      </Stack>
    </Stack>
  );
}

/** Step "Endereço" (both account types). */
export function AddressStep({
  addresses,
  submitLabel,
  onDone,
  onBack,
}: {
  addresses: Address[];
  submitLabel: string;
  onDone: () => void;
  onBack?: () => void;
}) {
  const existing = addresses[0];
  const [adding, setAdding] = useState(!existing);
  const create = useCreateAddress();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(AddressForm),
    defaultValues: {
      type: 'Residencial',
      cep: '',
      city: null,
      neighborhood: '',
      street: '',
      number: '',
      unit: '',
      other_info: '',
    },
  });

  if (existing && !adding) {
    return (
      <ExistingAddress address={existing} onContinue={onDone} onAddAnother={() => setAdding(true)} onBack={onBack} />
    );
  }

  const onSubmit = handleSubmit((v) =>
    create.mutate(
      {
        type: v.type,
        cep: onlyDigits(v.cep),
        city_id: v.city?.id ?? 0,
        neighborhood: v.neighborhood.trim(),
        street: v.street.trim(),
        number: v.number.trim(),
        unit: v.unit.trim() || null,
        other_info: v.other_info.trim() || null,
      },
      {
        onSuccess: ({ message }) => {
          if (message) notify.success(message);
          onDone();
        },
        onError: (error) => applyServerErrors(error, setError, FIELDS, { city_id: 'city' }),
      },
    ),
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="type" label="Tipo de endereço" select required>
          {ADDRESS_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </FormTextField>
        <FormMaskedField
          control={control}
          name="cep"
          label="CEP"
          mask={MASKS.cep}
          inputMode="numeric"
          autoComplete="postal-code"
          required
        />
      </Stack>
      <Controller
        control={control}
        name="city"
        render={({ field, fieldState }) => (
          <CityAutocomplete
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
            required
          />
        )}
      />
      <FormTextField control={control} name="neighborhood" label="Bairro" required />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="street"
          label="Rua/avenida"
          autoComplete="address-line1"
          required
          sx={{ flex: 3 }}
        />
        <FormTextField control={control} name="number" label="Número" required sx={{ flex: 1 }} />
      </Stack>
      <FormTextField
        control={control}
        name="unit"
        label="Complemento"
        helperText="Opcional"
        autoComplete="address-line2"
      />
      <FormTextField
        control={control}
        name="other_info"
        label="Observações"
        helperText="Opcional: ponto de referência, horário para entrega..."
        multiline
        minRows={2}
      />
      <StepActions
        onBack={existing ? () => setAdding(false) : onBack}
        submitLabel={submitLabel}
        pending={create.isPending}
      />
    </Stack>
  );
}
