import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { MASKS } from '@prata/domain';
import { Controller } from 'react-hook-form';
import { FormTextField } from '@/components/form-fields';
import { FormMaskedField } from '@/components/form-masked-field';
import { CityAutocomplete } from './city-autocomplete';
import { StepActions } from './step-actions';
import { type AddressFormProps, useAddressForm } from './use-address-form';

/**
 * The address form (spec 1 §5, spec 2 §5): /register/finish, and adding or editing on /meus-dados. A type that
 * is neither Residencial nor Comercial (free text is allowed, spec 2 §3) stays among the options. A complete CEP fills
 * the city, street and neighbourhood it knows (use-address-form.ts).
 */
export function AddressForm({
  submitLabel,
  pending,
  onBack,
  backLabel,
  ...form
}: AddressFormProps & { submitLabel: string; pending: boolean; onBack?: () => void; backLabel?: string }) {
  const { control, types, known, cepHint, onSubmit } = useAddressForm(form);
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="type" label="Tipo de endereço" select required>
          {types.map((type) => (
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
          helperText={cepHint}
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
            state={known?.state}
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
      <StepActions onBack={onBack} backLabel={backLabel} submitLabel={submitLabel} pending={pending} />
    </Stack>
  );
}
