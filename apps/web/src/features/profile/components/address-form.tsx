import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { type AddressRequest, formatCep, isCompleteCep, MASKS, MESSAGES, onlyDigits } from '@prata/domain';
import { useEffect, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields';
import { FormMaskedField } from '../../../components/form-masked-field';
import type { AccountType, Address, City } from '../../../lib/auth';
import { applyServerErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useCepLookup } from '../api/lookup-cep';
import { CityAutocomplete } from './city-autocomplete';
import { StepActions } from './step-actions';

const ADDRESS_TYPES = ['Residencial', 'Comercial'] as const;

const CitySchema = z.object({ id: z.number(), name: z.string(), state: z.string(), description: z.string() });

const AddressFormSchema = z.object({
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

type AddressFormValues = z.input<typeof AddressFormSchema>;

const FIELDS = Object.keys(AddressFormSchema.shape);

/** A company's address is where it works: Comercial; a person's, Residencial. */
function defaultAddressType(accountType: AccountType | undefined): string {
  return accountType === 'company' ? 'Comercial' : 'Residencial';
}

function defaultsFrom(address: Address | undefined, accountType: AccountType | undefined): AddressFormValues {
  return {
    type: address?.type ?? defaultAddressType(accountType),
    cep: address ? formatCep(address.cep) : '',
    city: address?.city ?? null,
    neighborhood: address?.neighborhood ?? '',
    street: address?.street ?? '',
    number: address?.number ?? '',
    unit: address?.unit ?? '',
    other_info: address?.other_info ?? '',
  };
}

type Fillable = 'city' | 'street' | 'neighborhood';

/**
 * The address form (spec 1 §5, spec 2 §5): /register/finish, and adding or editing on /meus-dados. A type that
 * is neither Residencial nor Comercial (free text is allowed, spec 2 §3) stays among the options.
 *
 * A complete CEP is looked up (GET /api/cep): the city, street and neighbourhood it knows fill the fields that are
 * empty or still hold what an earlier lookup put there, never what the customer typed. The CEP's state ranks its
 * cities first in the city search, and a city of another state is refused before saving (the server refuses it too).
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one form of the address fields, mostly JSX
export function AddressForm({
  address,
  accountType,
  submitLabel,
  pending,
  save,
  onSaved,
  onBack,
  backLabel,
}: {
  address?: Address;
  /** decides the type of a new address (a company's is Comercial) */
  accountType?: AccountType;
  submitLabel: string;
  pending: boolean;
  /**
   * `city` is the one chosen, for a screen that shows the address again (the checkout after a reload); undefined: a
   * second click while the first save runs, dropped (lib/intention.ts)
   */
  save: (request: AddressRequest, city: City | null) => Promise<{ message?: string } | undefined>;
  onSaved: () => void;
  onBack?: () => void;
  backLabel?: string;
}) {
  const { control, handleSubmit, setError, getValues, setValue, clearErrors } = useForm({
    resolver: zodResolver(AddressFormSchema),
    defaultValues: defaultsFrom(address, accountType),
  });
  const types: string[] = [...ADDRESS_TYPES];
  if (address?.type && !types.includes(address.type)) types.push(address.type);

  const cep = useWatch({ control, name: 'cep' });
  const lookup = useCepLookup(cep);
  const known = isCompleteCep(cep) ? lookup.data : undefined;
  // What the last lookup wrote into each field (a city by its id): only those values may be replaced by the next one.
  const filled = useRef<Partial<Record<Fillable, string | number>>>({});
  useEffect(() => {
    if (!known) return;
    const keyOf = (value: unknown) => (value && typeof value === 'object' ? (value as City).id : (value as string));
    const fill = (field: Fillable, value: City | string | null) => {
      if (!value) return;
      const current = getValues(field);
      if (current && keyOf(current) !== filled.current[field]) return; // typed (or chosen) by the customer
      setValue(field, value, { shouldDirty: true });
      filled.current[field] = keyOf(value);
      clearErrors(field);
    };
    fill('city', known.city);
    fill('street', known.street);
    fill('neighborhood', known.neighborhood);
  }, [known, getValues, setValue, clearErrors]);

  const cepHint =
    isCompleteCep(cep) && lookup.isSuccess
      ? known
        ? `CEP de ${known.city ? known.city.description : known.state}`
        : MESSAGES.cepNotFound
      : undefined;

  const onSubmit = handleSubmit(async (v) => {
    if (known && v.city && v.city.state !== known.state) {
      setError(
        'cep',
        { type: 'state', message: MESSAGES.cepStateMismatch(known.state, v.city.state) },
        { shouldFocus: true },
      );
      return;
    }
    try {
      const answer = await save(
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
        v.city ?? null,
      );
      if (!answer) return;
      if (answer.message) notify.success(answer.message);
      onSaved();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS, { city_id: 'city' });
    }
  });

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
