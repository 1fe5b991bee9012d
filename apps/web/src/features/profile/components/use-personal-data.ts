import { zodResolver } from '@hookform/resolvers/zod';
import {
  ageOn,
  brasiliaIsoDate,
  brDateToIso,
  ESTADOS_CIVIS,
  formatCelular,
  formatCpf,
  isoToBrDate,
  isValidCelular,
  isValidCpf,
  MESSAGES,
  onlyDigits,
  type PersonalDataRequest,
  SEXOS,
  WITH_SPOUSE,
} from '@prata/domain';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors } from '@/lib/form-errors';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import type { RegisterFinishUser } from '../api/get-register-finish';
import { useSavePersonalData, useUpdatePersonalData } from '../api/update-personal-data';
import { useContactConfirmation } from './contact-code-dialog';

const ADULT_AGE = 18;

const hasSpouse = (estadoCivil: string) => (WITH_SPOUSE as readonly string[]).includes(estadoCivil);

/**
 * The personal-data form's schema. The sex message differs by screen: 'Escolha uma das opções' on
 * /register/finish (spec 1 §5), 'Informe seu sexo' on /meus-dados (spec 2 §5).
 */
function personalFormSchema(sexMessage: string) {
  return z
    .object({
      name: z.string().trim().min(1, MESSAGES.nameRequired),
      cpf: z.string().refine((v) => isValidCpf(v), MESSAGES.cpfInvalid),
      nascimento: z
        .string()
        .min(1, MESSAGES.birthDateRequired)
        .refine((v) => brDateToIso(v) !== null, MESSAGES.birthDateInvalid)
        .refine((v) => {
          const iso = brDateToIso(v);
          return iso === null || ageOn(iso, brasiliaIsoDate()) >= ADULT_AGE;
        }, MESSAGES.underage),
      celular: z
        .string()
        .min(1, MESSAGES.mobileRequired)
        .refine((v) => isValidCelular(v), MESSAGES.mobileInvalid),
      sexo: z.string().refine((v) => (SEXOS as readonly string[]).includes(v), sexMessage),
      estado_civil: z
        .string()
        .refine((v) => (ESTADOS_CIVIS as readonly string[]).includes(v), MESSAGES.maritalStatusRequired),
      conjuge_nome: z.string(),
      conjuge_cpf: z.string(),
      conjuge_nascimento: z.string(),
    })
    .superRefine((v, ctx) => {
      if (!hasSpouse(v.estado_civil)) return;
      if (v.conjuge_cpf && !isValidCpf(v.conjuge_cpf)) {
        ctx.addIssue({ code: 'custom', path: ['conjuge_cpf'], message: MESSAGES.cpfInvalid });
      }
      if (v.conjuge_nascimento && brDateToIso(v.conjuge_nascimento) === null) {
        ctx.addIssue({ code: 'custom', path: ['conjuge_nascimento'], message: MESSAGES.birthDateInvalid });
      }
    });
}

export type PersonalFormValues = z.infer<ReturnType<typeof personalFormSchema>>;

const FIELDS: readonly string[] = [
  'name',
  'cpf',
  'nascimento',
  'celular',
  'sexo',
  'estado_civil',
  'conjuge_nome',
  'conjuge_cpf',
  'conjuge_nascimento',
];

function defaultsFrom(user: RegisterFinishUser): PersonalFormValues {
  return {
    name: user.name ?? '',
    cpf: user.cpf ? formatCpf(user.cpf) : '',
    nascimento: isoToBrDate(user.nascimento),
    celular: user.celular ? formatCelular(user.celular) : '',
    sexo: user.sexo ?? '',
    estado_civil: user.estado_civil ?? '',
    conjuge_nome: user.conjuge_nome ?? '',
    conjuge_cpf: user.conjuge_cpf ? formatCpf(user.conjuge_cpf) : '',
    conjuge_nascimento: isoToBrDate(user.conjuge_nascimento),
  };
}

const FINISH_SCHEMA = personalFormSchema(MESSAGES.chooseOneOption);
const EDIT_SCHEMA = personalFormSchema(MESSAGES.sexRequired);

function toRequest(v: PersonalFormValues): PersonalDataRequest {
  const withSpouse = hasSpouse(v.estado_civil);
  return {
    name: v.name.trim(),
    cpf: onlyDigits(v.cpf),
    nascimento: brDateToIso(v.nascimento) ?? '',
    celular: onlyDigits(v.celular),
    sexo: v.sexo as (typeof SEXOS)[number],
    estado_civil: v.estado_civil as (typeof ESTADOS_CIVIS)[number],
    conjuge_nome: withSpouse && v.conjuge_nome.trim() ? v.conjuge_nome.trim() : null,
    conjuge_cpf: withSpouse && v.conjuge_cpf ? onlyDigits(v.conjuge_cpf) : null,
    conjuge_nascimento: withSpouse && v.conjuge_nascimento ? brDateToIso(v.conjuge_nascimento) : null,
  };
}

/**
 * The personal-data form's state and its save: `finish` (step 1 of /register/finish) or `edit` (/meus-dados, the CPF
 * read-only, and the name and birth date too once the registration is approved). A new mobile number (once one is
 * stored) is confirmed with a code sent to the account's e-mail, asked for in a dialog.
 */
export function usePersonalData(user: RegisterFinishUser, mode: 'finish' | 'edit', onDone?: () => void) {
  const editing = mode === 'edit';
  const locked = editing && Boolean(user.approved_at);
  const finishSave = useSavePersonalData();
  const editSave = useUpdatePersonalData();
  const save = editing ? editSave : finishSave;
  const confirmation = useContactConfirmation<{ request: PersonalDataRequest; values: PersonalFormValues }>();
  const { control, handleSubmit, setError, reset } = useForm({
    resolver: zodResolver(editing ? EDIT_SCHEMA : FINISH_SCHEMA),
    defaultValues: defaultsFrom(user),
  });
  const estadoCivil = useWatch({ control, name: 'estado_civil' });
  const spouse = hasSpouse(estadoCivil);
  // Read-only fields are not in the form: their errors go to the snackbar.
  const formFields = FIELDS.filter(
    (f) => !(editing && f === 'cpf') && !(locked && (f === 'name' || f === 'nascimento')),
  );

  // One save per 'Salvar alterações' or 'Continuar', however many clicks: a double click sent the data twice.
  const intention = useIntention(user.id);
  const send = (request: PersonalDataRequest, values: PersonalFormValues, setCodeError?: (message: string) => void) =>
    intention
      .run(() => save.mutateAsync(request))
      .then(
        (answer) => {
          if (!answer) return;
          confirmation.close();
          if (answer.message) notify.success(answer.message);
          if (editing) reset(values);
          onDone?.();
        },
        (error: unknown) =>
          confirmation.refused(error, { celular: request.celular }, { request, values }, setCodeError, (e) =>
            applyServerErrors(e, setError, formFields),
          ),
      );

  const onSubmit = handleSubmit((v) => send(toRequest(v), v));

  return { editing, locked, saving: intention.busy, confirmation, control, spouse, send, onSubmit };
}
