import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PasswordField } from '@/components/password-field';
import { ForgotPasswordDialog, truncateEmail } from '@/features/auth';
import { EMAIL_BENEFITS } from '../labels';
import type { useBuyAuth } from './use-buy-auth';

type Props = { auth: ReturnType<typeof useBuyAuth> };

function Benefits() {
  return (
    <Box sx={{ mt: 3, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        Por que pedimos o seu e-mail?
      </Typography>
      <List dense disablePadding aria-label="Benefícios de informar o e-mail">
        {EMAIL_BENEFITS.map((benefit) => (
          <ListItem key={benefit} disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <CheckCircleOutline color="success" fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={benefit} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** The buyer's e-mail, and why it is asked. */
export function BuyerEmailStep({ auth }: Props) {
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={auth.onEmail}>
      <TextField
        label="E-mail"
        type="email"
        name="email"
        autoComplete="email"
        required
        autoFocus
        value={auth.email}
        onChange={(event) => auth.setEmail(event.target.value)}
        error={auth.error !== null}
        helperText={auth.error ?? undefined}
      />
      <Button type="submit" variant="contained" size="large" disabled={auth.pending}>
        Continuar
      </Button>
      <Benefits />
    </Stack>
  );
}

/** The e-mail has an account: its password, 'Esqueci a senha', or another e-mail. */
export function BuyerPasswordStep({ auth }: Props) {
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={auth.onPassword}>
      <Typography color="text.secondary">
        Encontramos uma conta com o e-mail{' '}
        <strong style={{ overflowWrap: 'anywhere' }}>{truncateEmail(auth.email.trim())}</strong>. Entre com a sua senha
        para continuar.
      </Typography>
      <PasswordField
        label="Senha"
        name="password"
        autoComplete="current-password"
        required
        autoFocus
        value={auth.password}
        onChange={(event) => auth.setPassword(event.target.value)}
        error={auth.error !== null}
        helperText={auth.error ?? undefined}
      />
      <Link
        component="button"
        type="button"
        variant="body2"
        onClick={() => auth.setForgotOpen(true)}
        sx={{ alignSelf: 'flex-end' }}
      >
        Esqueci a senha
      </Link>
      <Button type="submit" variant="contained" size="large" disabled={auth.pending}>
        Entrar e continuar
      </Button>
      <Button color="inherit" onClick={auth.useAnotherEmail}>
        Usar outro e-mail
      </Button>
      <ForgotPasswordDialog
        open={auth.forgotOpen}
        initialEmail={auth.email.trim()}
        onClose={() => auth.setForgotOpen(false)}
      />
    </Stack>
  );
}
