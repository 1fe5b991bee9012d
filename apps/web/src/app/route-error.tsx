import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RouterLink } from '../components/router-link';

/** Shown when a page fails to render or its code cannot be downloaded (for example after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <Container sx={{ py: 10 }}>
      <Stack spacing={2} sx={{ maxWidth: 520, mx: 'auto', textAlign: 'center', alignItems: 'center' }}>
        <Typography variant="h2" component="h1">
          {notFound ? 'Página não encontrada' : 'Algo deu errado'}
        </Typography>
        <Typography color="text.secondary">
          {notFound
            ? 'O endereço que você abriu não existe ou mudou de lugar.'
            : 'Não foi possível abrir esta página. Recarregue para tentar de novo.'}
        </Typography>
        <Stack direction="row" spacing={1}>
          {!notFound && (
            <Button variant="contained" onClick={() => window.location.reload()}>
              Recarregar
            </Button>
          )}
          <Button component={RouterLink} to="/" variant={notFound ? 'contained' : 'text'}>
            Ir para o início
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}

export function NotFoundPage() {
  return (
    <Container sx={{ py: 10 }}>
      <Stack spacing={2} sx={{ maxWidth: 520, mx: 'auto', textAlign: 'center', alignItems: 'center' }}>
        <Typography variant="h2" component="h1">
          Página não encontrada
        </Typography>
        <Typography color="text.secondary">O endereço que você abriu não existe ou mudou de lugar.</Typography>
        <Button component={RouterLink} to="/" variant="contained">
          Ir para o início
        </Button>
      </Stack>
    </Container>
  );
}
