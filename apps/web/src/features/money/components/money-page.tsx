import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { MoneyText } from '@/components/money-text';
import { PageHeader } from '@/components/page';
import { RouterLink } from '@/components/router-link';
import { brl } from '../labels';

/** The frame of the money screens: a narrow column, a heading, and a way back when the screen is a step. */
export function MoneyPage({
  title,
  description,
  back,
  children,
}: {
  title: string;
  description?: ReactNode;
  back?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 4 } }}>
      {back && (
        <Button
          component={RouterLink}
          to={back.to}
          startIcon={<ArrowBackOutlined />}
          color="inherit"
          size="small"
          sx={{ mb: 1.5, ml: -1 }}
        >
          {back.label}
        </Button>
      )}
      <PageHeader title={title} description={description} />
      {children}
    </Container>
  );
}

/** The available balance in reais, from the screen's own answer (what the server says now). */
export function BalanceCard({ reais, label = 'Saldo disponível' }: { reais: number; label?: string }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, bgcolor: 'background.default' }}
      role="group"
      aria-label={label}
    >
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <MoneyText sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, fontWeight: 700 }} data-testid="money-balance">
        {brl(reais)}
      </MoneyText>
    </Paper>
  );
}

/** The skeleton of a money screen: the balance card and a few blocks. */
export function MoneySkeleton({ blocks = 2 }: { blocks?: number }) {
  return (
    <Stack spacing={2} aria-busy="true" role="progressbar" aria-label="Carregando">
      <Skeleton variant="rounded" height={96} />
      {Array.from({ length: blocks }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Skeleton key={i} variant="rounded" height={120} />
      ))}
    </Stack>
  );
}

/** A titled block of a money screen. */
export function MoneySection({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1 }}>
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
}
