import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { formatBRL, formatPercentBps, mulDivHalfUp } from '@prata/domain';
import { useState } from 'react';
import { MoneyText } from '@/components/money-text';
import { toMinorUnits } from '@/lib/format';
import type { AdminMarketResponse, BookLevel } from './api';
import { brl, grams, perGram } from './labels';
import { SectionCard } from '@/components/admin/section-card';

/** Levels of each side shown before "Mostrar todos". */
const LEVELS_SHOWN = 8;

const cell = { py: 0.5, px: 1, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * One side of the book: price, grams and how many orders rest at it. Asks are listed dearest first, so both sides
 * meet at the spread in the middle of the card (the best ask just above it, the best bid just below).
 */
function LevelsTable({ side, levels, label }: { side: 'asks' | 'bids'; levels: readonly BookLevel[]; label: string }) {
  const color = side === 'asks' ? 'error.main' : 'success.main';
  return (
    <Table size="small" aria-label={label} sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ ...cell, color: 'text.secondary', fontWeight: 600 }}>Preço</TableCell>
          <TableCell align="right" sx={{ ...cell, color: 'text.secondary', fontWeight: 600 }}>
            Quantidade
          </TableCell>
          <TableCell align="right" sx={{ ...cell, color: 'text.secondary', fontWeight: 600, width: 72 }}>
            Ordens
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {levels.length === 0 ? (
          <TableRow>
            <TableCell colSpan={3} sx={{ ...cell, py: 2, textAlign: 'center', color: 'text.secondary' }}>
              {side === 'asks' ? 'Nenhuma ordem de venda no livro.' : 'Nenhuma ordem de compra no livro.'}
            </TableCell>
          </TableRow>
        ) : (
          levels.map((level) => (
            <TableRow key={level.price_per_gram}>
              <TableCell sx={{ ...cell, color, fontWeight: 600 }}>{brl(level.price_per_gram)}</TableCell>
              <TableCell align="right" sx={cell}>
                {grams(level.quantity_grams)}
              </TableCell>
              <TableCell align="right" sx={cell}>
                {level.orders}
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

/**
 * The gap between the best ask and the best bid, in reais and in percent of the best ask. A crossed book (an ask below
 * a bid) can only hold orders that may not trade with each other: the house's own (it does not trade with itself).
 */
function Spread({ market }: { market: AdminMarketResponse }) {
  const ask = market.asks[0];
  const bid = market.bids[0];
  let spread = 'Sem spread: falta um dos lados do livro';
  let crossed = false;
  if (ask && bid) {
    const askCents = toMinorUnits(ask.price_per_gram);
    const gap = askCents - toMinorUnits(bid.price_per_gram);
    crossed = gap < 0;
    spread = crossed
      ? `Livro cruzado: venda a ${brl(ask.price_per_gram)} abaixo da compra a ${brl(bid.price_per_gram)}`
      : `Spread ${formatBRL(gap)} (${formatPercentBps(mulDivHalfUp(gap, 10_000, askCents))})`;
  }
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0.25, sm: 2 }}
      sx={{
        py: 1,
        px: 1,
        my: 0.5,
        bgcolor: (theme) => (crossed ? alpha(theme.palette.warning.main, 0.16) : theme.palette.action.hover),
        borderRadius: 1,
        justifyContent: 'space-between',
      }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
        {spread}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        Último preço{' '}
        <MoneyText sx={{ color: 'text.primary', fontWeight: 600 }}>
          {market.last_price === null ? '—' : perGram(market.last_price)}
        </MoneyText>
      </Typography>
    </Stack>
  );
}

/** The aggregated book: asks above, the spread and the last price between, bids below. */
export function BookLevelsSection({ market }: { market: AdminMarketResponse }) {
  const [all, setAll] = useState(false);
  const hidden = Math.max(0, market.asks.length - LEVELS_SHOWN) + Math.max(0, market.bids.length - LEVELS_SHOWN);
  const asks = [...(all ? market.asks : market.asks.slice(0, LEVELS_SHOWN))].reverse();
  const bids = all ? market.bids : market.bids.slice(0, LEVELS_SHOWN);
  return (
    <SectionCard
      title="Livro de ordens"
      id="livro"
      action={
        hidden > 0 || all ? (
          <Button size="small" onClick={() => setAll(!all)}>
            {all ? 'Mostrar menos' : 'Mostrar todos'}
          </Button>
        ) : undefined
      }
    >
      <Box sx={{ overflowX: 'auto' }}>
        <Typography variant="overline" color="error.main" component="h3">
          Vendas (asks)
        </Typography>
        <LevelsTable side="asks" levels={asks} label="Ordens de venda por preço" />
        <Spread market={market} />
        <Typography variant="overline" color="success.main" component="h3">
          Compras (bids)
        </Typography>
        <LevelsTable side="bids" levels={bids} label="Ordens de compra por preço" />
      </Box>
    </SectionCard>
  );
}
