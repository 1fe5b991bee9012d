import { zodResolver } from '@hookform/resolvers/zod';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { CompanyRequest, formatCelular, formatCnpj, MASKS, REGIMES_TRIBUTARIOS } from '@prata/domain';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-fields';
import { FormMaskedField } from '../../../components/form-masked-field';
import type { Company } from '../../../lib/auth';
import { applyServerErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useSaveCompany } from '../api/save-company';
import { StepActions } from './step-actions';
import { REGIME_LABELS } from '../labels';

type CompanyInput = z.input<typeof CompanyRequest>;

const FIELDS = Object.keys(CompanyRequest.shape);

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
 * without mask, mobile as digits, empty optionals as null), so what is sent is what the server parses.
 */
export function CompanyStep({
  company,
  onDone,
  submitLabel = 'Continuar',
}: {
  company: Company | null;
  onDone?: () => void;
  submitLabel?: string;
}) {
  const save = useSaveCompany(company?.id ?? null);
  const { control, handleSubmit, setError, reset, getValues } = useForm({
    resolver: zodResolver(CompanyRequest),
    defaultValues: defaultsFrom(company),
  });

  const onSubmit = handleSubmit((request) =>
    save.mutate(request, {
      onSuccess: ({ message }) => {
        if (message) notify.success(message);
        reset(getValues());
        onDone?.();
      },
      onError: (error) => applyServerErrors(error, setError, FIELDS),
    }),
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
      <FormMaskedField control={control} name="cnpj" label="CNPJ" mask={MASKS.cnpj} required />
      <FormTextField control={control} name="razao_social" label="Razão social" autoComplete="organization" required />
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
          placeholder="(00) 0 0000 0000"
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
      <StepActions submitLabel={submitLabel} pending={save.isPending} />
    </Stack>
  );
}
