import Typography from '@mui/material/Typography';
import { formatCelular, formatCnpj, formatCpf, isoToBrDate } from '@prata/domain';
import { Fragment } from 'react';
import { DataList } from '@/components/admin/data-list';
import { SectionCard } from '@/components/admin/section-card';
import {
  DECLARATION_SECTIONS,
  ESTADO_CIVIL_LABELS,
  FATCA_QUESTIONS,
  REGIME_LABELS,
  SEXO_LABELS,
} from '@/features/profile';
import type { CustomerDetail } from '../api/customers';

const yesNo = (value: boolean | null) => (value === null ? null : value ? 'Sim' : 'Não');

/** A person's data and their PEP and FATCA declarations. */
export function PersonalSection({ customer }: { customer: CustomerDetail['customer'] }) {
  const spouse = customer.estado_civil === 'C' || customer.estado_civil === 'U';
  return (
    <SectionCard title="Dados pessoais" id="dados-pessoais">
      <DataList
        items={[
          { label: 'Nome', value: customer.name },
          { label: 'E-mail', value: customer.email },
          { label: 'CPF', value: customer.cpf ? formatCpf(customer.cpf) : null },
          { label: 'Data de nascimento', value: isoToBrDate(customer.nascimento) },
          { label: 'Celular', value: customer.celular ? formatCelular(customer.celular) : null },
          { label: 'Sexo', value: customer.sexo ? SEXO_LABELS[customer.sexo] : null },
          { label: 'Estado civil', value: customer.estado_civil ? ESTADO_CIVIL_LABELS[customer.estado_civil] : null },
          ...(spouse
            ? [
                { label: 'Cônjuge', value: customer.conjuge_nome },
                { label: 'CPF do cônjuge', value: customer.conjuge_cpf ? formatCpf(customer.conjuge_cpf) : null },
                { label: 'Nascimento do cônjuge', value: isoToBrDate(customer.conjuge_nascimento) },
              ]
            : []),
        ]}
      />
      {DECLARATION_SECTIONS.map((section) => (
        <Fragment key={section.title}>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 2.5, mb: 1 }}>
            {section.title}
          </Typography>
          <DataList
            items={FATCA_QUESTIONS.filter(({ key }) => section.keys.includes(key)).map(({ key, question }) => ({
              label: question,
              value: yesNo(customer[key]),
            }))}
          />
        </Fragment>
      ))}
    </SectionCard>
  );
}

/** A company's data and who answers for the account. */
export function CompanySection({ customer }: { customer: CustomerDetail['customer'] }) {
  const company = customer.company;
  return (
    <SectionCard title="Dados da empresa" id="dados-empresa">
      {company ? (
        <DataList
          items={[
            { label: 'Razão social', value: company.razao_social },
            { label: 'Nome fantasia', value: company.nome_fantasia },
            { label: 'CNPJ', value: formatCnpj(company.cnpj) },
            { label: 'Regime tributário', value: REGIME_LABELS[company.regime_tributario] },
            { label: 'Inscrição estadual', value: company.inscricao_estadual },
            { label: 'Inscrição municipal', value: company.inscricao_municipal },
            { label: 'Celular', value: formatCelular(company.celular) },
            { label: 'E-mail de contato', value: company.email },
            { label: 'CNAE principal', value: company.cnae_principal },
            { label: 'CNAEs secundários', value: company.cnaes_secundarios },
            { label: 'Site', value: company.site },
            { label: 'Responsável pela conta', value: `${customer.name} (${customer.email})` },
          ]}
        />
      ) : (
        <Typography color="text.secondary">Os dados da empresa ainda não foram cadastrados.</Typography>
      )}
    </SectionCard>
  );
}
