import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';
import { CHECKOUT_STEPS } from '../labels';

/**
 * A step's panel: mounted once visited and kept (hidden) afterwards, so going back finds the forms as they were. When
 * the person moves to it (`focusOnShow`: not on the page's first step), the focus goes to its heading: the button that
 * moved them is now hidden, and a keyboard or screen reader would otherwise start again from the page's top or bottom.
 */
export function Panel({
  index,
  active,
  visited,
  focusOnShow = false,
  children,
}: {
  index: number;
  active: number;
  visited: number;
  focusOnShow?: boolean;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = index === active;
  useEffect(() => {
    if (shown && focusOnShow) heading.current?.focus({ preventScroll: false });
  }, [shown, focusOnShow]);
  if (index > visited && !shown) return null;
  return (
    <Box
      role="region"
      aria-label={CHECKOUT_STEPS[index]}
      hidden={index !== active}
      sx={{ display: index === active ? 'block' : 'none' }}
    >
      <Typography variant="h3" component="h2" ref={heading} tabIndex={-1} sx={{ mb: 2 }}>
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
