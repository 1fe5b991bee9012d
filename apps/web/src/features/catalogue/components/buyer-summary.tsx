import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatCelular, formatCpf, isoToBrDate, type User } from '@prata/domain';
import { RouterLink } from '@/components/router-link';

/** Whether the stored user has what the CPF check needs (a CPF and a birth date). */
export const canCheckCpf = (user: User) => Boolean(user.cpf && user.nascimento);

/**
 * 'Dados pessoais' of a signed-in customer (spec 1 §2.5): the stored data, read only. Missing data is completed on
 * /register/finish, never here.
 */
export function BuyerSummary({ user }: { user: User }) {
  const rows: Array<[string, string]> = [
    ['Nome', user.name],
    ['E-mail', user.email],
    ['CPF', user.cpf ? formatCpf(user.cpf) : '—'],
    ['Data de nascimento', user.nascimento ? isoToBrDate(user.nascimento) : '—'],
    ['Celular', user.celular ? formatCelular(user.celular) : '—'],
  ];
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="dl" spacing={1} sx={{ m: 0 }}>
          {rows.map(([label, value]) => (
            <Stack key={label} direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
              <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 160 }}>
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Stack>
          ))}
        </Stack>
      </Paper>
      {!canCheckCpf(user) && (
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to="/register/finish" color="inherit" size="small">
              Completar
            </Button>
          }
        >
          Complete seu cadastro (CPF e data de nascimento) para comprar.
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        Para alterar seus dados, acesse Meus dados.
      </Typography>
    </Stack>
  );
}
