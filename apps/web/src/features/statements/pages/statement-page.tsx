import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatDateTimeBR,
  formatDecimalGrams,
  formatReais,
  type MonthlyStatementCurrency,
  type MonthlyStatementResponse,
  statementMonthLabel,
} from '@prata/domain';
import type { ReactNode } from 'react';
import { gramsText, reaisText } from '@/components/money-text';
import { PageHeader } from '@/components/page';
import { LoadError } from '@/components/paginated-table';
import { RouterLink } from '@/components/router-link';
import { useRedirectOnIncompleteRegistration } from '@/lib/registration-redirect';
import { useSearchParams } from '@/lib/search-params';
import { downloadStatement } from '../api/download-statement';
import { useStatement } from '../api/get-statement';

export const STATEMENT_PATH = '/meu-historico/extrato';

/** "Outubro de 2026", and "(em andamento)" for the month not over yet. */
export function monthOptionLabel(month: string, current: boolean): string {
  const label = statementMonthLabel(month);
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}${current ? ' (em andamento)' : ''}`;
}

function Figure({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
      {detail && (
        <Typography variant="caption" color="text.secondary" component="p">
          {detail}
        </Typography>
      )}
    </Box>
  );
}

type Format = (n: number) => ReactNode;

/** "disponível R$ 700,00 + reservado R$ 300,00": the balance as the drawer splits it. */
function Split({ available, reserved, format }: { available: number; reserved: number; format: Format }) {
  return (
    <>
      disponível {format(available)} + reservado {format(reserved)}
    </>
  );
}

const reais: Format = (n) => reaisText(n);
const grams: Format = (n) => gramsText(n);

function Summary({ s }: { s: MonthlyStatementResponse | undefined }) {
  const value = (render: (s: MonthlyStatementResponse) => ReactNode) => (s ? render(s) : <Skeleton width={110} />);
  const cost = s?.average_cost;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-busy={!s || undefined}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        <Figure
          label="Saldo inicial em reais"
          value={value((x) => reaisText(x.reais.opening))}
          detail={
            s && <Split available={s.reais.opening_available} reserved={s.reais.opening_reserved} format={reais} />
          }
        />
        <Figure
          label="Saldo final em reais"
          value={value((x) => reaisText(x.reais.closing))}
          detail={
            s && <Split available={s.reais.closing_available} reserved={s.reais.closing_reserved} format={reais} />
          }
        />
        <Figure
          label="Saldo inicial em prata"
          value={value((x) => gramsText(x.grams.opening))}
          detail={
            s && <Split available={s.grams.opening_available} reserved={s.grams.opening_reserved} format={grams} />
          }
        />
        <Figure
          label="Saldo final em prata"
          value={value((x) => gramsText(x.grams.closing))}
          detail={
            s && <Split available={s.grams.closing_available} reserved={s.grams.closing_reserved} format={grams} />
          }
        />
        <Figure
          label="Custo médio das compras do mês"
          value={value((x) =>
            x.average_cost.month_per_gram === null ? '—' : <>{reaisText(x.average_cost.month_per_gram)}/g</>,
          )}
        />
        <Figure
          label="Custo médio de aquisição (IRPF)"
          value={value((x) =>
            x.average_cost.irpf_per_gram === null ? '—' : <>{reaisText(x.average_cost.irpf_per_gram)}/g</>,
          )}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {cost && cost.month_per_gram !== null
          ? `No mês você comprou ${formatDecimalGrams(cost.bought_grams)} por ${formatReais(cost.bought_amount)}, com a taxa operacional e o IOF. `
          : 'Nenhuma compra de prata neste mês. '}
        O custo médio de aquisição é a média ponderada de todas as suas compras até o fim do mês, como no IRPF. Os
        saldos somam o disponível (o do menu) e o reservado por ordens abertas e retiradas em análise.
      </Typography>
    </Paper>
  );
}

/** A balance line (opening, closing) of a currency's list: the total, and how it splits under it. */
function BalanceRow({ label, value, split }: { label: string; value: ReactNode; split: ReactNode }) {
  return (
    <Box component="li" sx={{ py: 1.25 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, fontWeight: 700 }}>
        <span>{label}</span>
        {value}
      </Box>
      <Box sx={{ color: 'text.secondary', fontSize: '0.8125rem', textAlign: 'right' }}>{split}</Box>
    </Box>
  );
}

/** One currency: the opening balance, each movement with the balance after it, the closing balance. */
function CurrencySection({ title, part, format }: { title: string; part: MonthlyStatementCurrency; format: Format }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ px: { xs: 2, sm: 3 }, py: 1.5 }}>
      <Typography variant="h4" component="h2" sx={{ py: 1 }}>
        {title}
      </Typography>
      <Box
        component="ul"
        aria-label={`Movimentações: ${title}`}
        sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
      >
        <BalanceRow
          label="Saldo inicial"
          value={format(part.opening)}
          split={<Split available={part.opening_available} reserved={part.opening_reserved} format={format} />}
        />
        {part.movements.length === 0 && (
          <Box component="li" sx={{ py: 1.5, color: 'text.secondary' }}>
            Nenhuma movimentação no mês.
          </Box>
        )}
        {part.movements.map((m) => (
          <Box component="li" key={m.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1.25 }}>
            <Box sx={{ minWidth: 0 }}>
              <Box>{m.description}</Box>
              <Box sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>{formatDateTimeBR(m.at)}</Box>
            </Box>
            <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
              <Box sx={{ fontWeight: 600, color: m.amount > 0 ? 'success.main' : 'text.primary' }}>
                {m.amount > 0 ? '+' : ''}
                {format(m.amount)}
              </Box>
              <Box sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>saldo {format(m.balance)}</Box>
            </Box>
          </Box>
        ))}
        <BalanceRow
          label="Saldo final"
          value={format(part.closing)}
          split={<Split available={part.closing_available} reserved={part.closing_reserved} format={format} />}
        />
      </Box>
    </Paper>
  );
}

/**
 * /meu-historico/extrato (docs/statements.md): a month's statement, phone first: the month selector
 * (the last complete month by default) and "Baixar PDF", the balances and average costs, then reais and silver.
 */
export function StatementPage() {
  // the month lives in the address (?mes=yyyy-mm), so a reload or a shared link shows the same month
  const [params, setParams] = useSearchParams();
  const month = params.get('mes') ?? undefined;
  const setMonth = (value: string) => setParams({ mes: value }, { replace: true });
  const query = useStatement(month);
  useRedirectOnIncompleteRegistration(query.error);
  const s = query.data;
  const chosen = month ?? s?.month ?? '';

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 4 } }}>
      <PageHeader
        title="Extrato mensal"
        description="Seus saldos e cada movimentação do mês, em reais e em prata, com o saldo após cada uma."
      />
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            label="Mês"
            value={s ? chosen : ''}
            onChange={(event) => setMonth(event.target.value)}
            disabled={!s}
            sx={{ width: { xs: '100%', sm: 260 } }}
          >
            {(s?.months ?? []).map((m, i) => (
              <MenuItem key={m} value={m}>
                {monthOptionLabel(m, i === 0)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            startIcon={<FileDownloadOutlined />}
            disabled={!chosen}
            onClick={() => void downloadStatement(chosen)}
            sx={{ alignSelf: { xs: 'stretch', sm: 'center' }, whiteSpace: 'nowrap' }}
          >
            Baixar PDF
          </Button>
          <Button component={RouterLink} to="/meu-historico" sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
            Voltar ao histórico
          </Button>
        </Stack>

        {query.error && !s ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <>
            <Summary s={s} />
            {s && (
              <>
                {!s.complete && (
                  <Typography variant="body2" color="text.secondary">
                    Mês em andamento: o saldo final é o de agora.
                  </Typography>
                )}
                <CurrencySection title="Reais" part={s.reais} format={reais} />
                <CurrencySection title="Prata (gramas)" part={s.grams} format={grams} />
                {s.truncated && (
                  <Typography variant="body2" color="text.secondary">
                    Este mês tem movimentações demais para listar aqui; os saldos estão completos. Fale com o suporte
                    para receber o extrato completo.
                  </Typography>
                )}
              </>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

export const Component = StatementPage;
