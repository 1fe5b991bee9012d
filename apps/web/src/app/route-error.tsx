import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouterLink } from '@/components/router-link';

/** Shown when a page fails to render or its code cannot be downloaded (for example after a deploy). */
function RouteError() {
  return (
    <Container sx={{ py: 10 }}>
      <Stack spacing={2} sx={{ maxWidth: 520, mx: 'auto', textAlign: 'center', alignItems: 'center' }}>
        <Typography variant="h2" component="h1">
          Algo deu errado
        </Typography>
        <Typography color="text.secondary">
          Não foi possível abrir esta página. Recarregue para tentar de novo.
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            Recarregar
          </Button>
          <Button component={RouterLink} to="/" variant="text">
            Ir para o início
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}

type BoundaryProps = { locationKey: string; children: ReactNode };
type BoundaryState = { error: unknown; locationKey: string };

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('unknown error') };
  }

  // Another page (a link, 'Ir para o início', the back button) renders again instead of the error.
  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.locationKey === state.locationKey ? null : { error: null, locationKey: props.locationKey };
  }

  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

/**
 * Around every route (app/router.tsx): a page that throws while rendering, or whose chunk fails to download, shows
 * RouteError in place of the whole screen until the next navigation. React logs the error to the console.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary locationKey={useLocation().key}>{children}</Boundary>;
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
