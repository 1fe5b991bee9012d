import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { MoneyText } from '@/components/money-text';
import type { AdminMarketResponse } from './api';
import { brl, grams, perGram } from './labels';

function Figure({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <Paper component="section" variant="outlined" aria-label={label} sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" component="h2">
        {label}
      </Typography>
      <Typography component="p" sx={{ fontSize: { xs: '1.1rem', sm: '1.35rem' }, fontWeight: 700, mt: 0.5 }}>
        {/* a large figure breaks after "R$" on a phone rather than leave its card */}
        <MoneyText sx={{ whiteSpace: { xs: 'normal', sm: 'nowrap' }, overflowWrap: 'anywhere' }}>{value}</MoneyText>
      </Typography>
      {detail && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.25 }}>
          {detail}
        </Typography>
      )}
    </Paper>
  );
}

/**
 * The house's position (what it has free, and what its open orders hold) and today's market, with the way to put
 * money or silver in (the funding dialog).
 */
export function PositionSection({ market, onFund }: { market: AdminMarketResponse; onFund: () => void }) {
  const { house } = market;
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h2">
          Posição da casa
        </Typography>
        <Button variant="outlined" startIcon={<AddCardOutlined />} onClick={onFund}>
          Aportar
        </Button>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <Figure label="Reais disponíveis" value={brl(house.available_reais)} />
        <Figure label="Reais reservados" value={brl(house.held_reais)} detail="Em ordens de compra abertas" />
        <Figure label="Prata disponível" value={grams(house.available_grams)} />
        <Figure label="Prata reservada" value={grams(house.held_grams)} detail="Em ordens de venda abertas" />
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}>
        <Figure label="Último preço" value={market.last_price === null ? '—' : perGram(market.last_price)} />
        <Figure label="Negócios hoje" value={market.trades_today.toLocaleString('pt-BR')} />
        <Figure label="Volume hoje" value={grams(market.volume_today_grams)} />
      </Box>
    </Stack>
  );
}
