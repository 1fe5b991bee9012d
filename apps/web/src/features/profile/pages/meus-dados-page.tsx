import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import type { Theme } from '@mui/material/styles';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { RouterLink } from '@/components/router-link';
import { PageHeader } from '@/components/page';
import { firstError, hasErrorCode } from '@/lib/api';
import { USER_QUERY_KEY } from '@/lib/auth';
import { useRedirectOnIncompleteRegistration } from '@/lib/registration-redirect';
import { CompanyStep } from '../components/company-step';
import { FatcaStep } from '../components/fatca-step';
import { PersonalDataForm } from '../components/personal-step';
import { useUserIndex } from '../api/get-user-index';
import type { UserIndex } from '../api/types';
import { AddressesTab } from '../components/addresses-tab';
import { BankingTab } from '../components/banking-tab';
import { CloseAccountTab } from '../components/close-account-tab';
import { DocumentsTab } from '../components/documents-tab';
import { LimitTab } from '../components/limit-tab';
import { PasswordTab } from '../components/password-tab';
import { ReviewBanner } from '@/components/review-banner';
import { AccessTab } from '@/features/devices/index';
import { PrivacyTab } from '@/features/privacy/index';
import { TabSection } from '../components/tab-section';
import { type AccountTab, accountTabsFor, pathForTab, tabFromParam } from '../tabs';

const FORM_WIDTH = 720;

function Panel({ tab, data }: { tab: AccountTab; data: UserIndex }) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  const { user } = data;
  switch (tab.key) {
    case 'personal':
      return (
        <TabSection title="Dados pessoais" description="Mantenha seus dados atualizados." maxWidth={FORM_WIDTH}>
          <PersonalDataForm user={user} mode="edit" onDone={refresh} />
        </TabSection>
      );
    case 'company':
      return (
        <TabSection
          title="Dados da empresa"
          description={`Conta de acesso: ${user.email} (o e-mail de acesso não pode ser alterado).`}
          maxWidth={FORM_WIDTH}
        >
          <CompanyStep
            company={data.company}
            accountEmail={user.email}
            identityLocked={Boolean(user.approved_at)}
            submitLabel="Salvar alterações"
            onDone={refresh}
          />
        </TabSection>
      );
    case 'addresses':
      return <AddressesTab addresses={data.addresses} />;
    case 'fatca':
      return (
        <TabSection title="Declarações" maxWidth={FORM_WIDTH}>
          <FatcaStep flags={user} submitLabel="Salvar declaração" onDone={refresh} />
        </TabSection>
      );
    case 'documents':
      return <DocumentsTab documents={data.documents} />;
    case 'banking':
      return <BankingTab user={user} company={data.company} entries={data.bankingInformation} />;
    case 'limit':
      return <LimitTab user={user} requests={data.tradingLimitRequests} />;
    case 'password':
      return <PasswordTab />;
    case 'access':
      return <AccessTab />;
    case 'privacy':
      return <PrivacyTab />;
    case 'close':
      return <CloseAccountTab user={user} />;
  }
}

function LoadingPanel() {
  return (
    <Paper variant="outlined">
      <Stack direction="row" spacing={3} sx={{ px: 2, py: 1.5 }}>
        {[120, 130, 80, 110].map((width) => (
          <Skeleton key={width} width={width} height={32} />
        ))}
      </Stack>
      <Divider />
      <Stack spacing={2} sx={{ p: 3, maxWidth: FORM_WIDTH }}>
        <Skeleton height={40} width="40%" />
        <Skeleton height={56} />
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    </Paper>
  );
}

/**
 * /meus-dados/:tab? (DadosCadastrais, spec 2 §2): the registration data in tabs; the URL names the tab. A 403
 * (registration incomplete) shows the server's message and goes to /register/finish.
 */
export function MeusDadosPage() {
  const { tab: param } = useParams();
  // Side tabs where there is room for them (the drawer takes 296 px from md up); scrollable tabs on top elsewhere.
  const vertical = useMediaQuery((theme: Theme) => theme.breakpoints.up('lg'));
  const index = useUserIndex();
  useRedirectOnIncompleteRegistration(index.error);
  const accountType = index.data?.user.account_type;
  const current = accountType ? tabFromParam(param, accountType) : null;

  let content: React.ReactNode;
  if (index.isPending || hasErrorCode(index.error, 'REGISTRATION_INCOMPLETE')) {
    content = <LoadingPanel />;
  } else if (index.isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void index.refetch()}>
            Tentar de novo
          </Button>
        }
      >
        {firstError(index.error)}
      </Alert>
    );
  } else {
    // A value this account does not have (a company opening /meus-dados/fatca, a typo): the first tab.
    if (!current || !accountType) return <Navigate to="/meus-dados" replace />;
    content = (
      <>
        <ReviewBanner
          approvedAt={index.data.user.approved_at}
          rejectionReason={index.data.user.registration_rejection_reason}
        />
        <Paper variant="outlined" sx={{ display: { lg: 'flex' }, alignItems: 'stretch' }}>
          <Tabs
            // a new list when the orientation changes, so the chosen tab is scrolled into view again
            key={vertical ? 'vertical' : 'horizontal'}
            value={current.key}
            orientation={vertical ? 'vertical' : 'horizontal'}
            variant="scrollable"
            // Always shown when horizontal: arrows that appear after the first measurement would hide the chosen tab.
            scrollButtons={!vertical}
            allowScrollButtonsMobile
            aria-label="Seções de Meus dados"
            sx={(theme) => ({
              flexShrink: 0,
              borderBottom: `1px solid ${theme.palette.divider}`,
              [theme.breakpoints.up('lg')]: {
                borderBottom: 0,
                borderRight: `1px solid ${theme.palette.divider}`,
                width: 220,
                py: 1.5,
              },
              '& .MuiTab-root': vertical ? { alignItems: 'flex-start', textAlign: 'left', minHeight: 44, px: 3 } : {},
            })}
          >
            {accountTabsFor(accountType).map((tab) => (
              <Tab
                key={tab.key}
                value={tab.key}
                label={tab.label}
                component={RouterLink}
                to={pathForTab(tab)}
                preventScrollReset
                id={`meus-dados-tab-${tab.key}`}
                aria-controls="meus-dados-panel"
              />
            ))}
          </Tabs>
          <Box
            role="tabpanel"
            id="meus-dados-panel"
            aria-labelledby={`meus-dados-tab-${current.key}`}
            sx={{ p: { xs: 2, sm: 3, lg: 4 }, flexGrow: 1, minWidth: 0 }}
          >
            <Panel key={current.key} tab={current} data={index.data} />
          </Box>
        </Paper>
      </>
    );
  }

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, sm: 4 } }}>
      <PageHeader title="Meus dados" description="Seus dados cadastrais, endereços, documentos e segurança da conta." />
      {content}
    </Container>
  );
}

export const Component = MeusDadosPage;
