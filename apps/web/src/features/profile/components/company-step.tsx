import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CompanyRequest, formatCelular, formatCnpj, MASKS, REGIMES_TRIBUTARIOS } from '@prata/domain';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '@/components/form-fields';
import { FormMaskedField } from '@/components/form-masked-field';
import type { Company } from '@/lib/auth';
import { applyServerErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useIntention } from '@/lib/intention';
import { useSaveCompany } from '../api/save-company';
import { ContactCodeDialog, useContactConfirmation } from './contact-code-dialog';
import { StepActions } from './step-actions';
import { REGIME_LABELS } from '../labels';

type CompanyInput = z.input<typeof CompanyRequest>;

const FIELDS = Object.keys(CompanyRequest.shape);

/** Shown once operators approved the registration: the company's identity changes only through support. */
const COMPANY_LOCKED_NOTICE =
  'O cadastro da empresa foi aprovado: CNPJ e razão social não podem mais ser alterados por aqui. Para corrigi-los, fale com o nosso atendimento.';

/** Read-only fields look filled in, so nobody tries to type in them. */
const READ_ONLY_SX = { '& .MuiInputBase-root': { bgcolor: 'action.hover' } } as const;

function defaultsFrom(company: Company | null): CompanyInput {
  return {
    cnpj: company?.cnpj ? formatCnpj(company.cnpj) : '',
    razao_social: company?.razao_social ?? '',
    nome_fantasia: company?.nome_fantasia ?? '',
    inscricao_estadual: company?.inscricao_estadual ?? '',
    inscricao_municipal: company?.inscricao_municipal ?? '',
    celular: company?.celular ? formatCelular(company.celular) : '',
    email: company?.email ?? '',
    cnae_principal: company?.cnae_principal ?? '',
    cnaes_secundarios: company?.cnaes_secundarios ?? '',
    // Empty until chosen; the schema answers "Informe o regime tributário".
    regime_tributario: (company?.regime_tributario ?? '') as CompanyInput['regime_tributario'],
    site: company?.site ?? '',
  };
}

/**
 * Step "Dados da empresa". The shared CompanyRequest schema validates the form and also normalizes it (CNPJ
 * without mask, mobile as digits, empty optionals as null), so what is sent is what the server parses. Once approved
 * (`identityLocked`), CNPJ and razão social are read-only; a new mobile number or contact e-mail is confirmed with a
 * code sent to the account's e-mail (`accountEmail`), asked for in a dialog.
 */
export function CompanyStep({
  company,
  onDone,
  submitLabel = 'Continuar',
  accountEmail,
  identityLocked = false,
}: {
  company: Company | null;
  onDone?: () => void;
  submitLabel?: string;
  accountEmail: string;
  identityLocked?: boolean;
}) {
  const save = useSaveCompany(company?.id ?? null);
  // One company per 'Continuar', however many clicks (the form's content is only known at submit).
  const intention = useIntention(company?.id ?? 'new-company');
  const submit = useRef<HTMLButtonElement>(null);
  const confirmation = useContactConfirmation<CompanyRequest>();
  const { control, handleSubmit, setError, reset, getValues } = useForm({
    resolver: zodResolver(CompanyRequest),
    defaultValues: defaultsFrom(company),
  });
  const locked = identityLocked && company !== null;
  // Read-only fields are not in the form: their errors go to the snackbar.
  const formFields = locked ? FIELDS.filter((f) => f !== 'cnpj' && f !== 'razao_social') : FIELDS;

  const send = (request: CompanyRequest, code?: string, setCodeError?: (message: string) => void) =>
    intention
      .run((idempotencyKey) => save.mutateAsync({ input: code ? { ...request, code } : request, idempotencyKey }))
      .then(
        (answer) => {
          if (!answer) return;
          confirmation.close();
          if (answer.message) notify.success(answer.message);
          reset(getValues());
          onDone?.();
        },
        (error: unknown) =>
          confirmation.refused(error, { celular: request.celular, email: request.email }, request, setCodeError, (e) =>
            applyServerErrors(e, setError, formFields),
          ),
      );

  const onSubmit = handleSubmit((request) => send(request));

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      {locked && company ? (
        <>
          <Alert severity="info">{COMPANY_LOCKED_NOTICE}</Alert>
          <TextField
            label="CNPJ"
            value={formatCnpj(company.cnpj)}
            slotProps={{ htmlInput: { readOnly: true } }}
            sx={READ_ONLY_SX}
          />
          <TextField
            label="Razão social"
            value={company.razao_social}
            slotProps={{ htmlInput: { readOnly: true } }}
            sx={READ_ONLY_SX}
          />
        </>
      ) : (
        <>
          <FormMaskedField control={control} name="cnpj" label="CNPJ" mask={MASKS.cnpj} required />
          <FormTextField
            control={control}
            name="razao_social"
            label="Razão social"
            autoComplete="organization"
            required
          />
        </>
      )}
      <FormTextField control={control} name="nome_fantasia" label="Nome fantasia" />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField control={control} name="inscricao_estadual" label="Inscrição estadual" />
        <FormTextField control={control} name="inscricao_municipal" label="Inscrição municipal" />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormMaskedField
          control={control}
          name="celular"
          label="Celular"
          mask={MASKS.celular}
          inputMode="tel"
          placeholder="(00) 00000-0000"
          required
        />
        <FormTextField control={control} name="email" label="E-mail" type="email" required />
      </Stack>
      <FormTextField control={control} name="cnae_principal" label="CNAE principal" required />
      <FormTextField control={control} name="cnaes_secundarios" label="CNAEs secundários" multiline minRows={2} />
      <FormTextField control={control} name="regime_tributario" label="Regime tributário" select required>
        {REGIMES_TRIBUTARIOS.map((regime) => (
          <MenuItem key={regime} value={regime}>
            {REGIME_LABELS[regime]}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField control={control} name="site" label="Site" type="url" placeholder="https://" />
      <StepActions submitLabel={submitLabel} pending={intention.busy} submitRef={submit} />
      <ContactCodeDialog
        confirmation={confirmation}
        accountEmail={accountEmail}
        current={{ celular: company?.celular ?? null, email: company?.email ?? null }}
        returnFocusTo={submit}
        saving={intention.busy}
        onConfirm={(code, request, setCodeError) => send(request, code, setCodeError)}
      />
    </Stack>
  );
}
