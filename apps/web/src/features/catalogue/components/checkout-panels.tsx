import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { CHECKOUT_STEPS } from '../labels';

/** A step's panel: mounted once visited and kept (hidden) afterwards, so going back finds the forms as they were. */
export function Panel({
  index,
  active,
  visited,
  children,
}: {
  index: number;
  active: number;
  visited: number;
  children: ReactNode;
}) {
  if (index > visited && index !== active) return null;
  return (
    <Box
      role="region"
      aria-label={CHECKOUT_STEPS[index]}
      hidden={index !== active}
      sx={{ display: index === active ? 'block' : 'none' }}
    >
      <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
        {CHECKOUT_STEPS[index]}
      </Typography>
      {children}
    </Box>
  );
}

/** Steps 1 to 4 once the order exists: what was ordered stays as it was (read only), the way on is the order. */
export function Locked({
  orderId,
  onShow,
  children,
}: {
  orderId: number | null;
  onShow: () => void;
  children: ReactNode;
}) {
  return (
    <Stack spacing={2}>
      <Alert
        severity="info"
        action={
          <Button color="inherit" size="small" onClick={onShow}>
            Ver o pedido
          </Button>
        }
      >
        O pedido{orderId ? ` nº ${orderId}` : ''} já foi feito com estes dados. Para mudar algo, faça um novo pedido
        pelo catálogo.
      </Alert>
      <Box component="fieldset" disabled sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        {children}
      </Box>
    </Stack>
  );
}
