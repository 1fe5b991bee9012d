import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ESTADOS_CIVIS, formatCpf, isoToBrDate, MASKS } from '@prata/domain';
import { useRef } from 'react';
import type { Control } from 'react-hook-form';
import { FormTextField } from '@/components/form-fields';
import { FormMaskedField } from '@/components/form-masked-field';
import type { RegisterFinishUser } from '../api/get-register-finish';
import { ESTADO_CIVIL_LABELS } from '../labels';
import { ContactCodeDialog } from './contact-code-dialog';
import { SexoField } from './sexo-field';
import { StepActions } from './step-actions';
import { type PersonalFormValues, usePersonalData } from './use-personal-data';

/** Read-only fields look filled in, so nobody tries to type in them. */
const READ_ONLY_SX = { '& .MuiInputBase-root': { bgcolor: 'action.hover' } } as const;

/** Shown once operators approved the registration: the identity they checked changes only through support. */
export const IDENTITY_LOCKED_NOTICE =
  'Seu cadastro foi aprovado: nome, CPF e data de nascimento não podem mais ser alterados por aqui. Para corrigi-los, fale com o nosso atendimento.';

type FieldsProps = {
  control: Control<PersonalFormValues>;
  user: RegisterFinishUser;
  editing: boolean;
  locked: boolean;
};

/** Name, e-mail, CPF and birth date: typed, or shown read-only where they can no longer change. */
function IdentityFields({ control, user, editing, locked }: FieldsProps) {
  return (
    <>
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
            helperText="Dia, mês e ano: dd/mm/aaaa"
            autoComplete="bday"
            required
          />
        )}
      </Stack>
    </>
  );
}

/** The spouse's name, CPF and birth date, asked only for a marital status with a spouse. */
function SpouseFields({ control }: { control: Control<PersonalFormValues> }) {
  return (
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
          helperText="Dia, mês e ano: dd/mm/aaaa"
        />
      </Stack>
    </Stack>
  );
}

/**
 * Personal data (individuals). `finish` is step 1 of /register/finish (the CPF is typed and checked first);
 * `edit` is the /meus-dados tab: e-mail and CPF are shown read-only (spec 2 §6), and so are the name and birth date
 * once the registration is approved (use-personal-data.ts holds the form and its save).
 */
export function PersonalDataForm({
  user,
  mode,
  onDone,
}: {
  user: RegisterFinishUser;
  mode: 'finish' | 'edit';
  onDone?: () => void;
}) {
  const submit = useRef<HTMLButtonElement>(null);
  const { editing, locked, saving, confirmation, control, spouse, send, onSubmit } = usePersonalData(
    user,
    mode,
    onDone,
  );
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      {locked && <Alert severity="info">{IDENTITY_LOCKED_NOTICE}</Alert>}
      <IdentityFields control={control} user={user} editing={editing} locked={locked} />
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
      {spouse && <SpouseFields control={control} />}
      <StepActions submitLabel={editing ? 'Salvar alterações' : 'Continuar'} pending={saving} submitRef={submit} />
      <ContactCodeDialog
        confirmation={confirmation}
        accountEmail={user.email}
        current={{ celular: user.celular }}
        returnFocusTo={submit}
        saving={saving}
        onConfirm={(code, { request, values }, setCodeError) => send({ ...request, code }, values, setCodeError)}
      />
    </Stack>
  );
}

/** Step "Dados pessoais" of /register/finish. */
export function PersonalStep({ user, onDone }: { user: RegisterFinishUser; onDone: () => void }) {
  return <PersonalDataForm user={user} mode="finish" onDone={onDone} />;
}
