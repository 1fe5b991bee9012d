import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ErasureDoneResponse, formatDateBR, formatDateTimeBR } from '@prata/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageHeader } from '@/components/page';
import { RouterLink } from '@/components/router-link';
import { clearLoginData, clearToken } from '@/lib/auth-storage';

/**
 * /conta-eliminada: where the customer lands after the erasure, signed out. It shows the server's answer (what went,
 * what stays until when), carried by the navigation; opened on its own it only says what the page is. Arriving with
 * the answer, it signs the person out here (the server already ended every session).
 */
export function ErasureDonePage() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const answer = (location.state as { erasure?: ErasureDoneResponse } | null)?.erasure;
  useEffect(() => {
    if (!answer) return;
    clearToken();
    clearLoginData();
    // the cache goes once the signed-in frame has unmounted: cleared while its queries are watched, they would ask
    // again without a session, and the 401 would send the person to /login
    const timer = setTimeout(() => queryClient.clear(), 0);
    return () => clearTimeout(timer);
  }, [answer, queryClient]);
  return (
    <Container sx={{ py: { xs: 3, sm: 5 } }} maxWidth="md">
      <PageHeader title="Dados eliminados" />
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        {answer ? (
          <>
            <Alert severity="success" sx={{ mb: 3 }}>
              {answer.message}
            </Alert>
            <Typography sx={{ mb: 2 }}>
              Pedido nº {answer.request_id}, atendido em {formatDateTimeBR(answer.erased_at)}.
            </Typography>
            <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
              O que foi eliminado
            </Typography>
            <Box component="ul" sx={{ mt: 0, pl: 3 }}>
              {answer.erased.map((what) => (
                <li key={what}>
                  <Typography>{what}</Typography>
                </li>
              ))}
            </Box>
            <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
              O que fica guardado, bloqueado, e até quando
            </Typography>
            <Box component="ul" sx={{ mt: 0, pl: 3, display: 'grid', gap: 1 }}>
              {answer.kept.map((k) => (
                <li key={k.what}>
                  <Typography>
                    {k.what}: até {formatDateBR(k.until)}.
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {k.why}
                  </Typography>
                </li>
              ))}
            </Box>
          </>
        ) : (
          <Typography sx={{ mb: 2 }}>
            Esta página confirma a eliminação dos dados pessoais de quem pediu, logo depois do pedido.
          </Typography>
        )}
        <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 2 }}>
          Ir para a página inicial
        </Button>
      </Paper>
    </Container>
  );
}

export const Component = ErasureDonePage;
