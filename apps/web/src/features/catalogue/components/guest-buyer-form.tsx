import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import {
  brDateToIso,
  type CpfStatusResponse,
  celularField,
  emailField,
  isoToBrDate,
  isValidCpf,
  MASKS,
  MESSAGES,
  onlyDigits,
  SEXOS,
} from '@prata/domain';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '@/components/form-fields';
import { FormMaskedField } from '@/components/form-masked-field';
import { clearFormDraft, useFormDraft } from '@/lib/form-draft';
import { applyServerErrors } from '@/lib/form-errors';
import { SexoField } from '@/features/profile';
import { checkCpfStatus } from '../api/checkout';
import { StepButtons } from './step-buttons';

/** A guest's data as the guest order call takes it (spec 1 §7): digits, yyyy-mm-dd, and the CPF check's answer. */
export type GuestBuyerData = {
  name: string;
  email: string;
  cpf: string;
  nascimento: string;
  celular: string;
  sexo: (typeof SEXOS)[number];
  nfe_cpf_response: CpfStatusResponse;
};

const GuestBuyerSchema = z.object({
  name: z.string().trim().min(1, MESSAGES.fullNameRequired).max(255),
  email: emailField(),
  cpf: z.string().refine((v) => isValidCpf(v), MESSAGES.cpfInvalid),
  nascimento: z
    .string()
    .min(1, MESSAGES.birthDateRequired)
    .refine((v) => brDateToIso(v) !== null, MESSAGES.birthDateInvalid),
  celular: celularField(MESSAGES.mobileRequired),
  sexo: z.string().refine((v) => (SEXOS as readonly string[]).includes(v), MESSAGES.chooseOneOption),
});

type GuestBuyerValues = z.input<typeof GuestBuyerSchema>;

/** A value as a mask shows it: fillMask('000.000.000-00', '52998224725') → '529.982.247-25'. */
function fillMask(pattern: string, digits: string): string {
  let out = '';
  let i = 0;
  for (const slot of pattern) {
    if (i >= digits.length) break;
    if (slot === '0') out += digits[i++];
    else out += slot;
  }
  return out;
}

const FIELDS = ['name', 'email', 'cpf', 'nascimento', 'celular', 'sexo'];

/**
 * What a visitor types on 'Dados pessoais' before 'Continuar', kept in this tab's sessionStorage (lib/form-draft.ts,
 * never localStorage: it holds the CPF) so a reload finds it; dropped once the order exists.
 */
const GUEST_DRAFT = 'checkout:dados-pessoais';
export const clearGuestBuyerDraft = () => clearFormDraft(GUEST_DRAFT);

function defaultsOf(email: string, initial: GuestBuyerData | null | undefined): GuestBuyerValues {
  if (!initial) return { name: '', email, cpf: '', nascimento: '', celular: '', sexo: '' };
  return {
    name: initial.name,
    email: initial.email,
    cpf: fillMask(MASKS.cpf.mask, initial.cpf),
    nascimento: isoToBrDate(initial.nascimento),
    celular: fillMask(MASKS.celular.mask, initial.celular),
    sexo: initial.sexo,
  };
}

/**
 * 'Dados pessoais' of a guest (spec 1 §2.5, §5): name, e-mail (the one typed on the identification step), CPF ###.###.###-##, birth date
 * dd/mm/aaaa, mobile (##) # #### ####, sex. The step advances only once the CPF check succeeds (spec 1 §4.1).
 */
export function GuestBuyerForm({
  email,
  initial,
  onDone,
  onBack,
}: {
  email: string;
  /** what the buyer typed before (the checkout kept it across a reload) */
  initial?: GuestBuyerData | null;
  onDone: (buyer: GuestBuyerData) => void;
  onBack: () => void;
}) {
  const defaults = defaultsOf(email, initial);
  const { control, handleSubmit, setError, formState, reset } = useForm<GuestBuyerValues>({
    resolver: zodResolver(GuestBuyerSchema),
    defaultValues: defaults,
  });
  useFormDraft(GUEST_DRAFT, useWatch({ control }), (draft) => reset({ ...defaults, ...draft }));

  const onSubmit = handleSubmit(async (v) => {
    const cpf = onlyDigits(v.cpf);
    const nascimento = brDateToIso(v.nascimento) ?? '';
    try {
      const status = await checkCpfStatus({ cpf, nascimento });
      onDone({
        name: v.name.trim(),
        email: v.email.trim(),
        cpf,
        nascimento,
        celular: onlyDigits(v.celular),
        sexo: v.sexo as GuestBuyerData['sexo'],
        nfe_cpf_response: status,
      });
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} aria-label="Dados pessoais">
      <FormTextField control={control} name="name" label="Nome completo" autoComplete="name" required />
      <FormTextField control={control} name="email" label="E-mail" type="email" autoComplete="email" required />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormMaskedField
          control={control}
          name="cpf"
          label="CPF"
          mask={MASKS.cpf}
          inputMode="numeric"
          placeholder="000.000.000-00"
          required
          fullWidth
        />
        <FormMaskedField
          control={control}
          name="nascimento"
          label="Data de nascimento"
          mask={MASKS.date}
          inputMode="numeric"
          placeholder="dd/mm/aaaa"
          helperText="Dia, mês e ano: dd/mm/aaaa"
          autoComplete="bday"
          required
          fullWidth
        />
      </Stack>
      <FormMaskedField
        control={control}
        name="celular"
        label="Celular"
        mask={MASKS.celular}
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(00) 00000-0000"
        required
      />
      <SexoField control={control} name="sexo" />
      <StepButtons onBack={onBack} submit pending={formState.isSubmitting} />
    </Stack>
  );
}
