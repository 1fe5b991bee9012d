import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Visibility from '@mui/icons-material/VisibilityOutlined';
import VisibilityOff from '@mui/icons-material/VisibilityOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MoneyText } from '@/components/money-text';
import { RouterLink } from '@/components/router-link';
import type { User } from '@/lib/auth';
import { formatBRL, formatGrams, toMinorUnits } from '@/lib/format';
import { useToggleBalancesVisibility } from './api/toggle-balances-visibility';
import { HIDDEN_BRL, HIDDEN_GRAMS } from './drawer-balances';
import { sectionByKey } from './sections';

function Line({ label, value, held }: { label: string; value: string; held?: string | null }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <MoneyText sx={{ fontWeight: 700, fontSize: '1.25rem' }}>{value}</MoneyText>
      {held && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {held}
        </Typography>
      )}
    </Box>
  );
}

/**
 * On phones the drawer (and its balances) is closed: this button in the top bar shows the balance in reais and opens
 * the balances (hidden when the customer hides them, with the same toggle) and the ways to add or withdraw money.
 * From md up the drawer is always open and the button is not shown.
 */
export function BalanceButton({ user }: { user: User }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = useToggleBalancesVisibility();
  const hidden = user.hide_balances;
  const close = () => setAnchor(null);
  const brl = hidden ? HIDDEN_BRL : formatBRL(toMinorUnits(user.balance_brl));
  const grams = hidden ? HIDDEN_GRAMS : formatGrams(toMinorUnits(user.balance_ag));
  const heldBrl =
    !hidden && user.balance_brl_held > 0 ? `${formatBRL(toMinorUnits(user.balance_brl_held))} reservado` : null;
  const links = [sectionByKey('adicionar-dinheiro'), sectionByKey('retirar-dinheiro')].filter(
    (section) => section?.enabled,
  );

  return (
    <>
      <Button
        color="inherit"
        size="small"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'balances-popover' : undefined}
        aria-label={hidden ? 'Ver saldos' : `Ver saldos: ${brl} em reais`}
        startIcon={<AccountBalanceWalletOutlined fontSize="small" />}
        sx={{
          display: { xs: 'inline-flex', md: 'none' },
          minWidth: 0,
          px: 1,
          borderRadius: 5,
          border: 1,
          borderColor: 'divider',
          fontWeight: 650,
          '& .MuiButton-startIcon': { mr: 0.5 },
        }}
      >
        <MoneyText>{brl}</MoneyText>
      </Button>
      <Popover
        id="balances-popover"
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': 'Seus saldos',
            sx: { mt: 1, p: 2, width: 280, maxWidth: 'calc(100vw - 32px)' },
          } as object,
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 1.5 }}>
          <Stack spacing={1.5}>
            <Line label="Saldo em reais" value={brl} held={heldBrl} />
            <Line label="Saldo em prata" value={grams} />
          </Stack>
          <IconButton
            aria-label={hidden ? 'Mostrar saldos' : 'Ocultar saldos'}
            onClick={() => toggle.mutate()}
            disabled={toggle.isPending}
            sx={{ mt: -0.5, mr: -1 }}
          >
            {hidden ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </Stack>
        {links.length > 0 && (
          <Stack spacing={1}>
            {links.map((section) =>
              section ? (
                <Button
                  key={section.key}
                  component={RouterLink}
                  to={section.to}
                  onClick={close}
                  variant={section.key === 'adicionar-dinheiro' ? 'contained' : 'outlined'}
                  fullWidth
                >
                  {section.label}
                </Button>
              ) : null,
            )}
          </Stack>
        )}
      </Popover>
    </>
  );
}
