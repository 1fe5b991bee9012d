import Visibility from '@mui/icons-material/VisibilityOutlined';
import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { MoneyText } from '@/components/money-text';
import type { User } from '@/lib/auth';
import { formatBRL, formatGrams, toMinorUnits } from '@/lib/format';
import { useAveragePricePerGram } from './api/get-average-price';
import { useToggleBalancesVisibility } from './api/toggle-balances-visibility';
import { ORDER_BOOK_OPEN } from './sections';

export const HIDDEN_BRL = 'R$ ••••';
export const HIDDEN_GRAMS = '•••• g';
const NO_OFFERS = 'Sem ofertas no momento';
/**
 * What the figure is: the price of buying 1 g now (the book's asks), not the customer's average cost, which "Preço
 * médio por grama" under their balances read as (docs/decisions.md, "the drawer's price says what it is").
 */
export const BUY_PRICE_LABEL = 'Preço de compra agora (1 g)';

function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" sx={{ color: 'rgba(255,255,255,0.72)', display: 'block' }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ fontWeight: 650, fontSize: '1.125rem', color: 'common.white' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * Balances (hideable) and, once the order book exists, the price of buying 1 g now, at the top of the drawer.
 * `showPrice` is for tests; the app follows ORDER_BOOK_OPEN.
 */
export function DrawerBalances({ user, showPrice = ORDER_BOOK_OPEN }: { user: User | undefined; showPrice?: boolean }) {
  const toggle = useToggleBalancesVisibility();
  const price = useAveragePricePerGram(showPrice && Boolean(user));
  const hidden = user?.hide_balances ?? false;

  return (
    <Box
      sx={{
        mx: 2,
        p: 2,
        borderRadius: 2,
        color: 'common.white',
        background: 'linear-gradient(135deg, #37474F 0%, #263238 100%)',
      }}
    >
      {/* the eye goes below the figures when enlarged text leaves it no room beside them (WCAG 1.4.4) */}
      <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Stack spacing={1.25}>
          <Figure
            label="Saldo em reais"
            value={
              user ? (
                <MoneyText>{hidden ? HIDDEN_BRL : formatBRL(toMinorUnits(user.balance_brl))}</MoneyText>
              ) : (
                <Skeleton width={110} sx={{ bgcolor: 'rgba(255,255,255,0.2)' }} />
              )
            }
          />
          <Figure
            label="Saldo em prata"
            value={
              user ? (
                <MoneyText>{hidden ? HIDDEN_GRAMS : formatGrams(toMinorUnits(user.balance_ag))}</MoneyText>
              ) : (
                <Skeleton width={80} sx={{ bgcolor: 'rgba(255,255,255,0.2)' }} />
              )
            }
          />
        </Stack>
        <IconButton
          aria-label={hidden ? 'Mostrar saldos' : 'Ocultar saldos'}
          onClick={() => toggle.mutate()}
          disabled={!user || toggle.isPending}
          sx={{ color: 'common.white', mt: -0.5, mr: -1 }}
        >
          {hidden ? <VisibilityOff /> : <Visibility />}
        </IconButton>
      </Stack>
      {showPrice && (
        <Box sx={{ mt: 1.5, pt: 1.5, borderTop: '1px solid rgba(255,255,255,0.18)' }}>
          <Typography variant="caption" sx={{ color: 'rgba(255,255,255,0.72)', display: 'block' }}>
            {BUY_PRICE_LABEL}
          </Typography>
          <Typography component="div" variant="body2" sx={{ fontWeight: 600 }}>
            {/* pending also while the account loads (the query waits for the user): a skeleton, never "Sem ofertas" */}
            {price.isPending ? (
              <Skeleton width={90} sx={{ bgcolor: 'rgba(255,255,255,0.2)' }} />
            ) : price.data ? (
              <MoneyText>{formatBRL(toMinorUnits(price.data))}</MoneyText>
            ) : (
              NO_OFFERS
            )}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
