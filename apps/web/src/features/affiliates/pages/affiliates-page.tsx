import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AFFILIATE_STATUS_LABELS, type Affiliate, MESSAGES, type Reward } from '@prata/domain';
import { useState } from 'react';
import { MoneyText } from '@/components/money-text';
import { PageHeader } from '@/components/page';
import type { Column } from '@/components/paginated-table';
import { RegistrationQueryState } from '@/components/registration-query-state';
import { useRedirectOnIncompleteRegistration } from '@/lib/registration-redirect';
import { useAffiliateProgram, useAffiliates, useRewards } from '../api/affiliates';
import { ReferralCard } from '../components/referral-card';
import { ResponsiveList } from '../components/responsive-list';
import { dateBR, rewardAmount, stateOf } from '../labels';

const AFFILIATE_COLUMNS: ReadonlyArray<Column<Affiliate>> = [
  { key: 'name', header: 'Nome', render: (a) => a.first_name, minWidth: 100 },
  { key: 'email', header: 'E-mail', render: (a) => a.anonymized_email, minWidth: 150 },
  { key: 'created', header: 'Cadastro', nowrap: true, render: (a) => dateBR(a.created_at) },
  {
    key: 'state',
    header: 'Situação',
    nowrap: true,
    render: (a) => <StateChip affiliate={a} />,
  },
];

const REWARD_COLUMNS: ReadonlyArray<Column<Reward>> = [
  { key: 'description', header: 'Descrição', render: (r) => r.description, minWidth: 200 },
  {
    key: 'amount',
    header: 'Valor',
    align: 'right',
    nowrap: true,
    render: (r) => <MoneyText sx={{ fontWeight: 600, color: 'success.dark' }}>{rewardAmount(r)}</MoneyText>,
  },
  { key: 'email', header: 'Indicado', render: (r) => r.anonymized_email, minWidth: 150 },
  { key: 'date', header: 'Data', nowrap: true, render: (r) => dateBR(r.created_at) },
];

function StateChip({ affiliate }: { affiliate: Affiliate }) {
  const state = stateOf(affiliate);
  return state === 'approved' ? (
    <Chip size="small" color="success" variant="outlined" label={`Aprovado em ${dateBR(affiliate.approved_at!)}`} />
  ) : (
    <Chip size="small" color="warning" variant="outlined" label={AFFILIATE_STATUS_LABELS[state]} />
  );
}

const line = { display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1.5 } as const;

function RewardCard(r: Reward) {
  return (
    <>
      <Box sx={line}>
        <Typography variant="body2">{r.description}</Typography>
        <MoneyText sx={{ fontWeight: 600, color: 'success.dark' }}>{rewardAmount(r)}</MoneyText>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {r.anonymized_email} · {dateBR(r.created_at)}
      </Typography>
    </>
  );
}

function AffiliateCard(a: Affiliate) {
  return (
    <>
      <Box sx={{ ...line, alignItems: 'center' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {a.first_name}
        </Typography>
        <StateChip affiliate={a} />
      </Box>
      <Typography variant="caption" color="text.secondary">
        {a.anonymized_email} · cadastro em {dateBR(a.created_at)}
      </Typography>
    </>
  );
}

function Tables({ earned }: { earned: number }) {
  const [affiliatesPage, setAffiliatesPage] = useState(1);
  const [rewardsPage, setRewardsPage] = useState(1);
  const affiliates = useAffiliates(affiliatesPage, true);
  const rewards = useRewards(rewardsPage, true);
  useRedirectOnIncompleteRegistration(affiliates.error ?? rewards.error);
  return (
    <>
      <Box component="section" aria-label="Recompensas">
        <Stack
          direction="row"
          sx={{ mb: 1.5, alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
        >
          <Typography variant="h5" component="h2">
            Recompensas
          </Typography>
          <Typography color="text.secondary" data-testid="rewards-total">
            Total recebido:{' '}
            <MoneyText sx={{ fontWeight: 700, color: 'text.primary' }}>
              {rewardAmount({ total_amount: earned, currency: 'brl' })}
            </MoneyText>
          </Typography>
        </Stack>
        <ResponsiveList
          renderCard={RewardCard}
          label="Recompensas"
          columns={REWARD_COLUMNS}
          rowKey={(r) => r.id}
          data={rewards.data?.rewards}
          isPending={rewards.isPending}
          error={rewards.error}
          onRetry={() => void rewards.refetch()}
          page={rewardsPage}
          onPageChange={setRewardsPage}
          emptyText="Nenhuma recompensa ainda. Elas aparecem aqui quando seus indicados negociam prata."
        />
      </Box>
      <Box component="section" aria-label="Indicados">
        <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
          Indicados
        </Typography>
        <ResponsiveList
          renderCard={AffiliateCard}
          label="Indicados"
          columns={AFFILIATE_COLUMNS}
          rowKey={(a) => `${a.created_at}-${a.anonymized_email}`}
          data={affiliates.data?.affiliates}
          isPending={affiliates.isPending}
          error={affiliates.error}
          onRetry={() => void affiliates.refetch()}
          page={affiliatesPage}
          onPageChange={setAffiliatesPage}
          emptyText="Ninguém se cadastrou com o seu cupom ainda. Compartilhe o seu link."
        />
      </Box>
    </>
  );
}

function PageSkeleton() {
  return (
    <Stack spacing={2} aria-busy="true" role="progressbar" aria-label="Carregando">
      <Skeleton variant="rounded" height={140} />
      <Skeleton variant="rounded" height={200} />
    </Stack>
  );
}

/**
 * /afiliados (spec 3 "Afiliados", §4, §6): the coupon and the referral link, the rewards and the referred customers.
 * A registration not yet approved sees the approval-pending notice; an incomplete one gets the server's message and
 * goes to /register/finish (the 403 rule).
 */
export function AffiliatesPage() {
  const program = useAffiliateProgram();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 } }}>
      <PageHeader
        title="Afiliados"
        description="Indique a Prata a amigos e clientes e ganhe parte da taxa operacional das ordens deles."
      />
      <RegistrationQueryState query={program} skeleton={<PageSkeleton />}>
        {(data) =>
          data.coupon ? (
            <Stack spacing={4}>
              <ReferralCard coupon={data.coupon} years={data.years} share={data.reward_share} />
              <Tables earned={data.rewards_total} />
            </Stack>
          ) : (
            <Alert severity="info" icon={<HourglassTopOutlined />}>
              <AlertTitle>Cadastro em análise</AlertTitle>
              {MESSAGES.affiliateApprovalPending}
            </Alert>
          )
        }
      </RegistrationQueryState>
    </Container>
  );
}

export const Component = AffiliatesPage;
