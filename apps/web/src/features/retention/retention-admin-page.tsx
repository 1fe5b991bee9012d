import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR, type RetentionRule } from '@prata/domain';
import { useState } from 'react';
import { PageHeader } from '@/components/page';
import { LoadError } from '@/components/paginated-table';
import { TableScroll } from '@/components/table-scroll';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { useAdminRetention, useRunRetentionRule } from './api';
import { runOutcome, TRIGGER_LABELS } from './labels';

/** One rule: what it erases, why it may, after how long; its last run; "Executar agora". */
function RuleCard({ rule }: { rule: RetentionRule }) {
  const runRule = useRunRetentionRule();
  const intention = useIntention({ rule: rule.key });
  const titleId = `regra-${rule.key}`;
  const run = () =>
    intention
      .run((key) => runRule.mutateAsync({ rule: rule.key, key }))
      .then(
        (answer) => {
          if (!answer) return;
          if (answer.run.error) notify.error(answer.message);
          else notify.success(answer.message);
        },
        (failure: unknown) => notify.error(failure),
      );
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Typography id={titleId} variant="h6" component="h2">
          {rule.title}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {!rule.enabled && <Chip size="small" label="Desativada" />}
          <Button
            variant="outlined"
            size="small"
            onClick={() => void run()}
            disabled={!rule.enabled || intention.busy}
            aria-label={`Executar agora: ${rule.title}`}
          >
            {intention.busy ? 'Executando…' : 'Executar agora'}
          </Button>
        </Stack>
      </Stack>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {rule.erases}
      </Typography>
      <Stack component="dl" spacing={0.5} sx={{ mt: 1.5, mb: 0, '& dt': { fontWeight: 600 }, '& dd': { m: 0 } }}>
        <Typography component="dt" variant="body2">
          Base legal
        </Typography>
        <Typography component="dd" variant="body2">
          {rule.legal_basis}
        </Typography>
        <Typography component="dt" variant="body2">
          Prazo
        </Typography>
        <Typography component="dd" variant="body2">
          {rule.period}, aplicada {rule.runs_every}
        </Typography>
        <Typography component="dt" variant="body2">
          Última execução
        </Typography>
        <Typography component="dd" variant="body2">
          {rule.last_run
            ? `${formatDateTimeBR(rule.last_run.started_at)} · ${TRIGGER_LABELS[rule.last_run.trigger]} · ${runOutcome(rule.last_run)}`
            : 'Ainda não executada'}
        </Typography>
      </Stack>
    </Paper>
  );
}

/** /admin/retencao: the retention rules with their legal basis and period, and the report of their runs. */
export function RetentionAdminPage() {
  // the keyset pages walked so far: the `before` of each, the first page's null at the bottom
  const [pages, setPages] = useState<Array<number | null>>([null]);
  const before = pages.at(-1) ?? null;
  const retention = useAdminRetention(before);
  const data = retention.data;
  return (
    <>
      <PageHeader
        title="Retenção de dados"
        description="O que o Prata elimina sozinho quando deixa de ter finalidade, com a base legal e o prazo de cada regra (LGPD art. 15 e 16)."
      />
      {retention.error && !data && <LoadError error={retention.error} onRetry={() => void retention.refetch()} />}
      {data && (
        <>
          <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }} aria-label="Regras de retenção">
            {data.rules.map((rule) => (
              <RuleCard key={rule.key} rule={rule} />
            ))}
          </Stack>
          <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }} id="execucoes">
            Execuções
          </Typography>
          <Paper variant="outlined">
            <TableScroll label="Execuções">
              <Table size="small" aria-labelledby="execucoes">
                <TableHead>
                  <TableRow>
                    <TableCell>Nº</TableCell>
                    <TableCell>Regra</TableCell>
                    <TableCell>Início</TableCell>
                    <TableCell>Fim</TableCell>
                    <TableCell>Origem</TableCell>
                    <TableCell>Resultado</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.runs.data.length === 0 && (
                    <TableRow>
                      <TableCell colSpan={6}>Nenhuma execução ainda.</TableCell>
                    </TableRow>
                  )}
                  {data.runs.data.map((run) => (
                    <TableRow key={run.id}>
                      <TableCell>{run.id}</TableCell>
                      <TableCell>{run.rule_title}</TableCell>
                      <TableCell>{formatDateTimeBR(run.started_at)}</TableCell>
                      <TableCell>{run.finished_at ? formatDateTimeBR(run.finished_at) : '—'}</TableCell>
                      <TableCell>
                        {TRIGGER_LABELS[run.trigger]}
                        {run.requested_by ? ` (${run.requested_by})` : ''}
                      </TableCell>
                      <TableCell>{runOutcome(run)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableScroll>
          </Paper>
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button disabled={pages.length === 1} onClick={() => setPages((p) => p.slice(0, -1))}>
              Execuções mais recentes
            </Button>
            <Button
              disabled={data.runs.next_before === null}
              onClick={() => setPages((p) => [...p, data.runs.next_before])}
            >
              Execuções mais antigas
            </Button>
          </Stack>
        </>
      )}
    </>
  );
}

export const Component = RetentionAdminPage;
