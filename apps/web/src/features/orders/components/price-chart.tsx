import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { formatBRL, formatPercentBps, PRICE_RANGES } from '@prata/domain';
import { lazy, Suspense, useState } from 'react';
import { MoneyText } from '@/components/money-text';
import { visuallyHidden } from '@/components/polite-announcer';
import { firstError } from '@/lib/api';
import { toMinorUnits } from '@/lib/format';
import { type PriceRange, usePriceHistory } from '../api/get-price-history';
import type { PriceHistoryResponse } from '../api/types';
import { LastPricesTable } from './last-prices-table';

const PriceChartCanvas = lazy(() => import('./price-chart-canvas'));

const RANGE_LABELS: Record<PriceRange, string> = { day: 'Dia', week: 'Semana', month: 'Mês' };
const RANGE_PERIOD: Record<PriceRange, string> = { day: 'nas últimas 24 horas', week: 'na semana', month: 'no mês' };
const NO_TRADES = 'Nenhum negócio neste período.';
const NO_TRADES_YET = 'Ainda não houve negócios no livro.';
const CHART_HEIGHT = { xs: 180, sm: 220 } as const;

/**
 * The period's change in basis points (+1,25% is 125): the last trade against the price as it stood when the period
 * began (the server's `change_reference_price`: the last trade before it, else the period's first); null without both.
 */
function changeBps(data: PriceHistoryResponse): number | null {
  if (data.last_price === null || data.change_reference_price === null || data.change_reference_price <= 0) return null;
  const reference = toMinorUnits(data.change_reference_price);
  return Math.round(((toMinorUnits(data.last_price) - reference) * 10_000) / reference);
}

function Change({ bps }: { bps: number }) {
  const color = bps > 0 ? 'success.main' : bps < 0 ? 'error.main' : 'text.secondary';
  return (
    <MoneyText sx={{ color, fontWeight: 600, fontSize: '0.875rem' }}>
      {bps > 0 ? '+' : ''}
      {formatPercentBps(bps)}
    </MoneyText>
  );
}

function Chart({ data }: { data: PriceHistoryResponse }) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const closes = data.candles.map((c) => c.close);
  const low = Math.min(...closes);
  const high = Math.max(...closes);
  // A figure named by its summary, with the last prices as a (visually hidden) table: not role="img", whose children
  // are hidden, so a label could only summarise the figures the table gives.
  return (
    <Box component="figure" aria-labelledby="price-chart-summary" sx={{ m: 0, position: 'relative' }}>
      <Box component="figcaption" id="price-chart-summary" sx={visuallyHidden}>
        {`Gráfico do preço por grama ${RANGE_PERIOD[data.range]}: mínimo de ${formatBRL(toMinorUnits(low))} e máximo de ${formatBRL(toMinorUnits(high))}.`}
      </Box>
      <Box sx={{ height: CHART_HEIGHT }}>
        <Suspense fallback={<Skeleton variant="rounded" sx={{ height: CHART_HEIGHT }} />}>
          <PriceChartCanvas
            candles={data.candles}
            range={data.range}
            height={narrow ? CHART_HEIGHT.xs : CHART_HEIGHT.sm}
          />
        </Suspense>
      </Box>
      <LastPricesTable data={data} />
    </Box>
  );
}

/**
 * The price of the last trades (beyond the spec): the latest price, the period's change and a chart of the closing
 * prices, by day, week or month (GET /api/orders/price-history); an empty state before any trade.
 */
export function PriceChart() {
  const [range, setRange] = useState<PriceRange>('day');
  const history = usePriceHistory(range);
  const data = history.data;
  const change = data ? changeBps(data) : null;

  return (
    <Paper variant="outlined" component="section" aria-label="Preço da prata" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1.5, flexWrap: 'wrap', mb: 1.5 }}
      >
        <Box>
          <Typography variant="body2" color="text.secondary">
            Último preço por grama
          </Typography>
          {data ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
              <MoneyText sx={{ fontSize: '1.5rem', fontWeight: 700 }}>
                {data.last_price === null ? '—' : formatBRL(toMinorUnits(data.last_price))}
              </MoneyText>
              {change !== null && <Change bps={change} />}
            </Stack>
          ) : (
            <Skeleton width={140} height={36} />
          )}
        </Box>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={range}
          onChange={(_event, next: PriceRange | null) => next && setRange(next)}
          aria-label="Período do gráfico"
        >
          {PRICE_RANGES.map((value) => (
            <ToggleButton key={value} value={value} sx={{ px: 1.5 }}>
              {RANGE_LABELS[value]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {history.isPending ? (
        <Skeleton
          variant="rounded"
          sx={{ height: CHART_HEIGHT }}
          role="progressbar"
          aria-label="Carregando o gráfico"
        />
      ) : history.isError && !data ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void history.refetch()}>
              Tentar de novo
            </Button>
          }
        >
          {firstError(history.error)}
        </Alert>
      ) : data && data.candles.length > 0 ? (
        <>
          <Chart data={data} />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5, textAlign: 'right' }}>
            Gráfico:{' '}
            <Link href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer" color="inherit">
              TradingView Lightweight Charts
            </Link>
          </Typography>
        </>
      ) : (
        <Box
          sx={{
            height: CHART_HEIGHT,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            textAlign: 'center',
            bgcolor: 'background.default',
            borderRadius: 2,
            px: 2,
          }}
        >
          <Typography color="text.secondary">{data?.last_price === null ? NO_TRADES_YET : NO_TRADES}</Typography>
        </Box>
      )}
    </Paper>
  );
}
