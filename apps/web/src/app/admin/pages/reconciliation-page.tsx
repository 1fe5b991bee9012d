import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR } from '@prata/domain';
import { CenteredSpinner, PageHeader } from '@/components/page';
import { firstError, hasErrorCode } from '@/lib/api';
import { notify } from '@/lib/notify';
import { type ReconciliationRun, useReconciliation, useRunReconciliation } from '../api/reconciliation';
import { DataList } from '@/components/admin/data-list';
import { SectionCard } from '@/components/admin/section-card';

function RunSummary({ run }: { run: ReconciliationRun }) {
  return (
    <Stack spacing={2}>
      {run.ok ? (
        <Alert severity="success">
          <AlertTitle>O razão confere</AlertTitle>
          Cada saldo é a soma dos seus lançamentos, cada moeda soma zero, os saldos retidos batem com as reservas
          abertas, nenhum cliente está negativo e o cofre guarda a prata devida.
        </Alert>
      ) : (
        <Alert severity="error">
          <AlertTitle>
            {run.problems.length === 1 ? '1 problema encontrado' : `${run.problems.length} problemas encontrados`}
          </AlertTitle>
          Nenhum lançamento foi alterado. Leve a lista abaixo à equipe técnica.
        </Alert>
      )}
      <DataList
        items={[
          { label: 'Quando', value: formatDateTimeBR(run.ran_at) },
          { label: 'Duração', value: `${run.duration_ms} ms` },
          {
            label: 'Por',
            value: run.run_by ? run.run_by.name : 'Linha de comando do servidor (npm run reconcile)',
          },
        ]}
      />
      {run.problems.length > 0 && (
        <Box component="ol" aria-label="Problemas encontrados" sx={{ m: 0, pl: 3 }}>
          {run.problems.map((problem) => (
            // each line names its account, hold or currency: unique within a run
            <Typography
              key={problem}
              component="li"
              variant="body2"
              sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace' }}
            >
              {problem}
            </Typography>
          ))}
        </Box>
      )}
    </Stack>
  );
}

/** Conferência do razão: the last reconciliation of the ledger, and running it now (administration and finance). */
export function ReconciliationPage() {
  const last = useReconciliation();
  const run = useRunReconciliation();

  const runNow = () =>
    run.mutate(undefined, {
      onSuccess: ({ message }) => (message ? notify.success(message) : undefined),
      onError: (failure) => notify.error(failure),
    });

  const header = (
    <PageHeader
      title="Conferência do razão"
      description="Confere o razão inteiro de uma vez: saldos contra lançamentos, reais e prata somando zero, reservas abertas, saldos negativos e a prova de reservas do cofre. Não altera nada."
    />
  );

  if (last.isPending) {
    return (
      <>
        {header}
        <CenteredSpinner label="Carregando a última conferência" />
      </>
    );
  }
  if (last.isError) {
    return (
      <>
        {header}
        <Alert
          severity={hasErrorCode(last.error, 'FORBIDDEN') ? 'warning' : 'error'}
          action={
            hasErrorCode(last.error, 'FORBIDDEN') ? undefined : (
              <Button color="inherit" size="small" onClick={() => void last.refetch()}>
                Tentar de novo
              </Button>
            )
          }
        >
          {firstError(last.error)}
        </Alert>
      </>
    );
  }

  const result = last.data.reconciliation;
  return (
    <>
      {header}
      <SectionCard
        title="Última conferência"
        action={
          <Button
            variant="contained"
            startIcon={<FactCheckOutlined />}
            loading={run.isPending}
            loadingPosition="start"
            onClick={runNow}
          >
            Conferir agora
          </Button>
        }
      >
        {result ? (
          <RunSummary run={result} />
        ) : (
          <Typography color="text.secondary">
            Nenhuma conferência registrada ainda. Use “Conferir agora” para fazer a primeira.
          </Typography>
        )}
      </SectionCard>
    </>
  );
}

export const Component = ReconciliationPage;
