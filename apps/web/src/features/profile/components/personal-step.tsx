import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
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
  MASKS,
  MESSAGES,
  onlyDigits,
  type PersonalDataRequest,
  SEXOS,
  WITH_SPOUSE,
} from '@prata/domain';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form-fields';
import { FormMaskedField } from '../../../components/form-masked-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import type { RegisterFinishUser } from '../api/get-register-finish';
import { useSavePersonalData, useUpdatePersonalData } from '../api/update-personal-data';
import { ContactCodeDialog, codeErrorOf, isContactCodeRequired, useContactConfirmation } from './contact-code-dialog';
import { StepActions } from './step-actions';
import { SexoField } from './sexo-field';
import { ESTADO_CIVIL_LABELS } from '../labels';

const ADULT_AGE = 18;

/** Read-only fields look filled in, so nobody tries to type in them. */
const READ_ONLY_SX = { '& .MuiInputBase-root': { bgcolor: 'action.hover' } } as const;

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

type PersonalFormValues = z.infer<ReturnType<typeof personalFormSchema>>;

/** Shown once operators approved the registration: the identity they checked changes only through support. */
export const IDENTITY_LOCKED_NOTICE =
  'Seu cadastro foi aprovado: nome, CPF e data de nascimento não podem mais ser alterados por aqui. Para corrigi-los, fale com o nosso atendimento.';

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
 * Personal data (individuals). `finish` is step 1 of /register/finish (the CPF is typed and checked first);
 * `edit` is the /meus-dados tab: e-mail and CPF are shown read-only (spec 2 §6), and so are the name and birth date
 * once the registration is approved. A new mobile number (once one is stored) is confirmed with a code sent to the
 * account's e-mail, asked for in a dialog.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one form of the personal data, mostly JSX
export function PersonalDataForm({
  user,
  mode,
  onDone,
}: {
  user: RegisterFinishUser;
  mode: 'finish' | 'edit';
  onDone?: () => void;
}) {
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

  const send = (request: PersonalDataRequest, values: PersonalFormValues, setCodeError?: (message: string) => void) => {
    save.mutate(request, {
      onSuccess: ({ message }) => {
        confirmation.close();
        if (message) notify.success(message);
        if (editing) reset(values);
        onDone?.();
      },
      onError: (error) => {
        if (isContactCodeRequired(error)) {
          void confirmation.ask({ celular: request.celular }, { request, values });
          return;
        }
        const codeError = codeErrorOf(error);
        if (setCodeError && codeError) {
          setCodeError(codeError);
          return;
        }
        confirmation.close();
        applyServerErrors(error, setError, formFields);
      },
    });
  };

  const onSubmit = handleSubmit((v) => send(toRequest(v), v));

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      {locked && <Alert severity="info">{IDENTITY_LOCKED_NOTICE}</Alert>}
      {locked ? (
        <TextField
          label="Nome completo"
          value={user.name}
          slotProps={{ htmlInput: { readOnly: true } }}
          sx={READ_ONLY_SX}
        />
      ) : (
        <FormTextField control={control} name="name" label="Nome completo" autoComplete="name" required />
      )}
      {editing && (
        <TextField
          label="E-mail"
          value={user.email}
          helperText="O e-mail não pode ser alterado."
          slotProps={{ htmlInput: { readOnly: true } }}
          sx={READ_ONLY_SX}
        />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {editing ? (
          <TextField
            label="CPF"
            value={user.cpf ? formatCpf(user.cpf) : ''}
            helperText="O CPF não pode ser alterado."
            slotProps={{ htmlInput: { readOnly: true } }}
            sx={READ_ONLY_SX}
          />
        ) : (
          <FormMaskedField control={control} name="cpf" label="CPF" mask={MASKS.cpf} inputMode="numeric" required />
        )}
        {locked ? (
          <TextField
            label="Data de nascimento"
            value={isoToBrDate(user.nascimento)}
            slotProps={{ htmlInput: { readOnly: true } }}
            sx={READ_ONLY_SX}
          />
        ) : (
          <FormMaskedField
            control={control}
            name="nascimento"
            label="Data de nascimento"
            mask={MASKS.date}
            inputMode="numeric"
            placeholder="dd/mm/aaaa"
            autoComplete="bday"
            required
          />
        )}
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
      <FormTextField control={control} name="estado_civil" label="Estado civil" select required>
        {ESTADOS_CIVIS.map((value) => (
          <MenuItem key={value} value={value}>
            {ESTADO_CIVIL_LABELS[value]}
          </MenuItem>
        ))}
      </FormTextField>
      {spouse && (
        <Stack spacing={2} sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
          <Typography variant="h6" component="h3">
            Dados do cônjuge
          </Typography>
          <FormTextField control={control} name="conjuge_nome" label="Nome do cônjuge" />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormMaskedField
              control={control}
              name="conjuge_cpf"
              label="CPF do cônjuge"
              mask={MASKS.cpf}
              inputMode="numeric"
              helperText="Opcional"
            />
            <FormMaskedField
              control={control}
              name="conjuge_nascimento"
              label="Data de nascimento do cônjuge"
              mask={MASKS.date}
              inputMode="numeric"
              placeholder="dd/mm/aaaa"
            />
          </Stack>
        </Stack>
      )}
      <StepActions submitLabel={editing ? 'Salvar alterações' : 'Continuar'} pending={save.isPending} />
      <ContactCodeDialog
        confirmation={confirmation}
        accountEmail={user.email}
        current={{ celular: user.celular }}
        saving={save.isPending}
        onConfirm={(code, { request, values }, setCodeError) => send({ ...request, code }, values, setCodeError)}
      />
    </Stack>
  );
}

/** Step "Dados pessoais" of /register/finish. */
export function PersonalStep({ user, onDone }: { user: RegisterFinishUser; onDone: () => void }) {
  return <PersonalDataForm user={user} mode="finish" onDone={onDone} />;
}
