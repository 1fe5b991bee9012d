import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import CandlestickChartOutlined from '@mui/icons-material/CandlestickChartOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBRL, silverValueCents } from '@prata/domain';
import type { ReactNode } from 'react';
import { HIDDEN_BRL, HIDDEN_GRAMS, useToggleBalancesVisibility } from '@/app/shell';
import { MoneyText } from '@/components/money-text';
import { ReviewBanner } from '@/components/review-banner';
import { RouterLink } from '@/components/router-link';
import { useUser } from '@/lib/auth';
import { toMinorUnits } from '@/lib/format';
import { useSellPricePerGram } from '../api/get-sell-value';
import { brl, grams } from '../labels';

const NO_BUYERS = 'Sem ofertas de compra no momento';

const ACTIONS = [
  { to: '/ordens', label: 'Comprar ou vender', icon: CandlestickChartOutlined, primary: true },
  { to: '/adicionar-dinheiro', label: 'Adicionar dinheiro', icon: AccountBalanceWalletOutlined, primary: false },
  { to: '/retirar-prata', label: 'Retirar prata', icon: LocalShippingOutlined, primary: false },
] as const;

function Figure({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ fontWeight: 700, fontSize: { xs: '1.25rem', sm: '1.5rem' }, lineHeight: 1.3 }}>
        {children}
      </Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {hint}
        </Typography>
      )}
    </Box>
  );
}

/**
 * A signed-in customer's home, on the first screen after sign-in: "Cadastro em análise" (or
 * the refusal) while no operator approved the registration, the balances in reais and grams on a phone (from md up
 * the side drawer shows them, once), hidden with the drawer's toggle, what the grams would bring sold now, and the
 * main actions. Loaded on its own
 * (React.lazy) only when a session exists, so a visitor's first load does not carry it.
 */
function CustomerSummary() {
  const { user } = useUser();
  const toggle = useToggleBalancesVisibility();
  const centigrams = user ? toMinorUnits(user.balance_ag) : 0;
  const price = useSellPricePerGram(centigrams);
  const hidden = user?.hide_balances ?? false;
  const valueCents = price.data ? silverValueCents(toMinorUnits(price.data), centigrams) : null;

  const value = () => {
    if (!user) return <Skeleton width={120} />;
    if (hidden) return <MoneyText>{HIDDEN_BRL}</MoneyText>;
    if (centigrams === 0) return <MoneyText>{formatBRL(0)}</MoneyText>;
    if (price.isPending) return <Skeleton width={120} />;
    if (valueCents === null)
      return (
        <Typography component="span" color="text.secondary">
          {NO_BUYERS}
        </Typography>
      );
    return <MoneyText>{formatBRL(valueCents)}</MoneyText>;
  };

  // a complete registration no operator approved yet: under review, or refused with its reason (the first thing the
  // customer reads on their home, since deposits, orders and transfers wait for it)
  const review = user?.registration_complete && !user.approved_at;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="summary-title"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}
    >
      {review && <ReviewBanner approvedAt={null} rejectionReason={user.registration_rejection_reason} />}
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5 }}>
        <Typography id="summary-title" variant="h4" component="h1">
          {user ? `Olá, ${user.name.split(' ')[0]}` : <Skeleton width={160} />}
        </Typography>
        <IconButton
          aria-label={hidden ? 'Mostrar saldos' : 'Ocultar saldos'}
          onClick={() => toggle.mutate()}
          disabled={!user || toggle.isPending}
        >
          {hidden ? <VisibilityOff /> : <Visibility />}
        </IconButton>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 1.5, sm: 3 },
          gridTemplateColumns: { xs: '1fr 1fr', md: '1fr' },
          mb: 2.5,
        }}
      >
        {/* from md up the side drawer shows both balances beside this: shown once, there */}
        <Box sx={{ display: { md: 'none' } }}>
          <Figure label="Saldo em reais">
            {user ? <MoneyText>{hidden ? HIDDEN_BRL : brl(user.balance_brl)}</MoneyText> : <Skeleton width={110} />}
          </Figure>
        </Box>
        <Box sx={{ display: { md: 'none' } }}>
          <Figure label="Saldo em prata">
            {user ? <MoneyText>{hidden ? HIDDEN_GRAMS : grams(user.balance_ag)}</MoneyText> : <Skeleton width={80} />}
          </Figure>
        </Box>
        <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
          <Figure label="Valor da sua prata hoje" hint="O que a venda dos seus gramas traria agora">
            {value()}
          </Figure>
        </Box>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {ACTIONS.map(({ to, label, icon: Icon, primary }) => (
          <Button
            key={to}
            component={RouterLink}
            to={to}
            variant={primary ? 'contained' : 'outlined'}
            startIcon={<Icon />}
            sx={{ flex: { sm: 1 } }}
          >
            {label}
          </Button>
        ))}
      </Stack>
    </Paper>
  );
}

export default CustomerSummary;
