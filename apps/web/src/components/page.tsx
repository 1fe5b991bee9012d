import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';

/** Sets document.title as "<title> | Prata". */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Prata` : 'Prata';
  }, [title]);
}

/** A narrow card for forms (login, register, reset): centered, full width on phones. */
export function FormPage({
  title,
  subtitle,
  children,
  maxWidth = 480,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  maxWidth?: number;
}) {
  useDocumentTitle(title);
  return (
    <Container sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ maxWidth, mx: 'auto', p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h2" component="h1" gutterBottom>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Paper>
    </Container>
  );
}

/** A page section with a heading, for wider screens (back office, tools). */
export function PageHeader({ title, description }: { title: string; description?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h2" component="h1">
        {title}
      </Typography>
      {description && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {description}
        </Typography>
      )}
    </Box>
  );
}

export function CenteredSpinner({ label = 'Carregando' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}
