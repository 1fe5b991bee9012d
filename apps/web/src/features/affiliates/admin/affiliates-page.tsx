import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type AdminAffiliate, type AdminReward, formatBRL, formatDateTimeBR, formatGrams } from '@prata/domain';
import { useState } from 'react';
import { MoneyText } from '@/components/money-text';
import { PageHeader } from '@/components/page';
import type { Column } from '@/components/paginated-table';
import { toMinorUnits } from '@/lib/format';
import { useAdminAffiliates, useAdminRewards } from './api';
import { AffiliateSettingsForm } from './affiliate-settings-form';
import { SectionCard } from '@/components/admin/section-card';
import { StaffTable } from '@/components/admin/staff-table';

const person = (p: { name: string; email: string }) => (
  <>
    <Typography variant="body2">{p.name}</Typography>
    <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {p.email}
    </Typography>
  </>
);

const AFFILIATE_COLUMNS: ReadonlyArray<Column<AdminAffiliate>> = [
  { key: 'user', header: 'Afiliado', minWidth: 180, render: (a) => person(a.user) },
  {
    key: 'coupon',
    header: 'Cupom',
    nowrap: true,
    render: (a) => <MoneyText sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{a.coupon_code}</MoneyText>,
  },
  {
    key: 'referred',
    header: 'Indicados',
    align: 'right',
    nowrap: true,
    render: (a) => `${a.referred} (${a.referred_approved} ${a.referred_approved === 1 ? 'aprovado' : 'aprovados'})`,
  },
  {
    key: 'earned',
    header: 'Recompensas',
    align: 'right',
    nowrap: true,
    render: (a) => <MoneyText>{formatBRL(toMinorUnits(a.rewards_total))}</MoneyText>,
  },
  { key: 'since', header: 'Desde', nowrap: true, render: (a) => formatDateTimeBR(a.coupon_created_at) },
];

const REWARD_COLUMNS: ReadonlyArray<Column<AdminReward>> = [
  { key: 'date', header: 'Data', nowrap: true, render: (r) => formatDateTimeBR(r.created_at) },
  { key: 'affiliate', header: 'Afiliado', minWidth: 160, render: (r) => person(r.affiliate) },
  { key: 'referred', header: 'Indicado', minWidth: 160, render: (r) => person(r.referred) },
  { key: 'description', header: 'Descrição', minWidth: 200, render: (r) => r.description },
  {
    key: 'amount',
    header: 'Valor',
    align: 'right',
    nowrap: true,
    render: (r) => (
      <MoneyText sx={{ fontWeight: 600 }}>
        {r.currency === 'silver' ? formatGrams(toMinorUnits(r.total_amount)) : formatBRL(toMinorUnits(r.total_amount))}
      </MoneyText>
    ),
  },
];

/** /admin/afiliados: the rule (finance), the affiliates with what they referred and earned, and every reward. */
export function AdminAffiliatesPage() {
  const [affiliatesPage, setAffiliatesPage] = useState(1);
  const [rewardsPage, setRewardsPage] = useState(1);
  const affiliates = useAdminAffiliates(affiliatesPage);
  const rewards = useAdminRewards(rewardsPage);
  return (
    <>
      <PageHeader
        title="Afiliados"
        description="Clientes que indicam a Prata: a regra das recompensas, os afiliados e as recompensas pagas pelo razão."
      />
      <Stack spacing={3}>
        <AffiliateSettingsForm />
        <SectionCard title="Afiliados" id="afiliados">
          <StaffTable
            label="Afiliados"
            columns={AFFILIATE_COLUMNS}
            rowKey={(a) => a.user.id}
            data={affiliates.data?.affiliates}
            isPending={affiliates.isPending}
            error={affiliates.error}
            onRetry={() => void affiliates.refetch()}
            page={affiliatesPage}
            onPageChange={setAffiliatesPage}
            emptyText="Nenhum afiliado ainda: o cupom de um cliente aprovado é criado quando ele abre /afiliados."
          />
        </SectionCard>
        <SectionCard title="Recompensas" id="recompensas">
          <StaffTable
            label="Recompensas pagas"
            columns={REWARD_COLUMNS}
            rowKey={(r) => r.id}
            data={rewards.data?.rewards}
            isPending={rewards.isPending}
            error={rewards.error}
            onRetry={() => void rewards.refetch()}
            page={rewardsPage}
            onPageChange={setRewardsPage}
            emptyText="Nenhuma recompensa paga ainda."
          />
        </SectionCard>
      </Stack>
    </>
  );
}

export const Component = AdminAffiliatesPage;
