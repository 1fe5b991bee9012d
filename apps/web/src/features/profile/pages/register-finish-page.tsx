import { MESSAGES } from '@prata/domain';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { RouterLink } from '@/components/router-link';
import { PageHeader } from '@/components/page';
import { firstError } from '@/lib/api';
import { USER_QUERY_KEY } from '@/lib/auth';
import {
  REGISTER_FINISH_QUERY_KEY,
  type RegisterFinishResponse,
  type RegistrationSteps,
  useRegisterFinish,
} from '../api/get-register-finish';
import { AddressStep } from '../components/address-step';
import { CompanyStep } from '../components/company-step';
import { FatcaStep } from '../components/fatca-step';
import { PersonalStep } from '../components/personal-step';

type StepKey = keyof RegistrationSteps;

const STEP_LABELS: Record<StepKey, string> = {
  personal: 'Dados pessoais',
  address: 'Endereço',
  fatca: 'Declarações',
  company: 'Dados da empresa',
};

/** Individuals: personal data, address, FATCA. Companies: company data, address (spec 1 §2.11). */
export function stepsFor(accountType: string): StepKey[] {
  return accountType === 'company' ? ['company', 'address'] : ['personal', 'address', 'fatca'];
}

/** A returning person starts at the first step not done yet; all done → past the last step. */
export function firstIncompleteStep(keys: StepKey[], done: RegistrationSteps): number {
  const index = keys.findIndex((key) => !done[key]);
  return index === -1 ? keys.length : index;
}

/** All steps done: the registration waits for an operator (approved_at null) or is approved (spec 2 §6). */
export function ReviewStatus({ approved, rejectionReason }: { approved: boolean; rejectionReason?: string | null }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {!approved && rejectionReason ? (
        <Alert severity="warning" sx={{ width: '100%' }}>
          <AlertTitle>Cadastro recusado</AlertTitle>
          {MESSAGES.registrationRejected(rejectionReason)}
        </Alert>
      ) : (
        <Alert
          severity={approved ? 'success' : 'info'}
          icon={approved ? <VerifiedOutlined /> : <HourglassTopOutlined />}
          sx={{ width: '100%' }}
        >
          <AlertTitle>{approved ? 'Cadastro aprovado' : 'Cadastro em análise'}</AlertTitle>
          {approved
            ? 'Seu cadastro está completo e aprovado. Você já pode usar todos os recursos da sua conta.'
            : 'Seu cadastro está completo e nossa equipe está conferindo seus dados. Avisaremos por e-mail assim que ele for aprovado; até lá, você pode acompanhar e atualizar seus dados em Meus dados.'}
        </Alert>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignSelf: 'stretch', justifyContent: 'flex-end' }}
      >
        <Button component={RouterLink} to="/meus-dados">
          Ver meus dados
        </Button>
        <Button component={RouterLink} to="/" variant="contained">
          Ir para o início
        </Button>
      </Stack>
    </Stack>
  );
}

function Wizard({ data }: { data: RegisterFinishResponse }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, company } = data;
  const keys = stepsFor(user.account_type);
  const [done, setDone] = useState<RegistrationSteps>(user.registration_steps);
  const [active, setActive] = useState(() => firstIncompleteStep(keys, user.registration_steps));
  // A new step starts at the top of the page (on a phone the previous step left it scrolled down).
  const go = (step: number) => {
    setActive(step);
    window.scrollTo({ top: 0, behavior: 'instant' });
  };

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: REGISTER_FINISH_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
  };

  const complete = (key: StepKey) => {
    const nextDone = { ...done, [key]: true };
    setDone(nextDone);
    if (active >= keys.length - 1) {
      // the frame's user (the drawer's "Concluir cadastro" tile) says the registration is complete before the home
      // shows it: the refetch lands first, then the page changes
      void Promise.allSettled([
        queryClient.invalidateQueries({ queryKey: REGISTER_FINISH_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
      ]).then(() => navigate('/', { replace: true }));
      return;
    }
    refresh();
    go(active + 1);
  };
  const back = active > 0 ? () => go(active - 1) : undefined;
  const key = keys[active];

  return (
    <>
      <Stepper activeStep={active} alternativeLabel sx={{ mb: 4 }} nonLinear>
        {keys.map((stepKey, index) => (
          <Step key={stepKey} completed={done[stepKey]}>
            {done[stepKey] || index <= active ? (
              <StepButton onClick={() => go(index)}>{STEP_LABELS[stepKey]}</StepButton>
            ) : (
              <StepLabel>{STEP_LABELS[stepKey]}</StepLabel>
            )}
          </Step>
        ))}
      </Stepper>
      {key === undefined ? (
        <ReviewStatus approved={Boolean(user.approved_at)} rejectionReason={user.registration_rejection_reason} />
      ) : (
        <>
          <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
            {STEP_LABELS[key]}
          </Typography>
          {key === 'personal' && <PersonalStep user={user} onDone={() => complete('personal')} />}
          {key === 'company' && (
            <CompanyStep company={company} accountEmail={user.email} onDone={() => complete('company')} />
          )}
          {key === 'address' && (
            <AddressStep
              addresses={user.addresses}
              accountType={user.account_type}
              submitLabel={active === keys.length - 1 ? 'Concluir cadastro' : 'Continuar'}
              onDone={() => complete('address')}
              onBack={back}
            />
          )}
          {key === 'fatca' && <FatcaStep flags={user} onDone={() => complete('fatca')} onBack={() => go(active - 1)} />}
        </>
      )}
    </>
  );
}

export function RegisterFinishPage() {
  const finish = useRegisterFinish();
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <PageHeader
        title="Conclua seu cadastro"
        description="Precisamos de mais alguns dados para liberar todas as operações da sua conta."
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        {finish.isPending ? (
          <Stack spacing={2}>
            <Skeleton height={48} />
            <Skeleton height={56} />
            <Skeleton height={56} />
            <Skeleton height={56} width="60%" />
          </Stack>
        ) : finish.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void finish.refetch()}>
                Tentar de novo
              </Button>
            }
          >
            {firstError(finish.error)}
          </Alert>
        ) : (
          <Wizard data={finish.data} />
        )}
      </Paper>
    </Container>
  );
}

export const Component = RegisterFinishPage;
