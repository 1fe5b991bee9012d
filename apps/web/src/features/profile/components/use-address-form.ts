import { zodResolver } from '@hookform/resolvers/zod';
import { type AddressRequest, formatCep, isCompleteCep, MESSAGES, onlyDigits } from '@prata/domain';
import { useEffect, useRef } from 'react';
import { type Control, type UseFormReturn, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import type { AccountType, Address, City } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useCepLookup } from '../api/lookup-cep';

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
 * A complete CEP is looked up (GET /api/cep): the city, street and neighbourhood it knows fill the fields that are
 * empty or still hold what an earlier lookup put there, never what the customer typed.
 */
function useCepFill(
  control: Control<AddressFormValues>,
  getValues: UseFormReturn<AddressFormValues>['getValues'],
  setValue: UseFormReturn<AddressFormValues>['setValue'],
  clearErrors: UseFormReturn<AddressFormValues>['clearErrors'],
) {
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
  return { known, cepHint };
}

export type AddressFormProps = {
  address?: Address;
  /** decides the type of a new address (a company's is Comercial) */
  accountType?: AccountType;
  /**
   * `city` is the one chosen, for a screen that shows the address again (the checkout after a reload); undefined: a
   * second click while the first save runs, dropped (lib/intention.ts)
   */
  save: (request: AddressRequest, city: City | null) => Promise<{ message?: string } | undefined>;
  onSaved: () => void;
};

/**
 * The address form's state: its fields, the CEP's lookup (useCepFill), and the save; the CEP's state ranks its
 * cities first in the city search, and a city of another state is refused before saving (the server refuses it too).
 */
export function useAddressForm({ address, accountType, save, onSaved }: AddressFormProps) {
  const { control, handleSubmit, setError, getValues, setValue, clearErrors } = useForm({
    resolver: zodResolver(AddressFormSchema),
    defaultValues: defaultsFrom(address, accountType),
  });
  const types: string[] = [...ADDRESS_TYPES];
  if (address?.type && !types.includes(address.type)) types.push(address.type);

  const { known, cepHint } = useCepFill(control, getValues, setValue, clearErrors);

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

  return { control, types, known, cepHint, onSubmit };
}
