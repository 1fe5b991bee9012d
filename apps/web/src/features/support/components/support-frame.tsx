import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page';
import { RouterLink } from '@/components/router-link';

/** The frame of the support screens: a column, a heading, and a way back when the screen is a step. */
export function SupportFrame({
  title,
  description,
  back,
  maxWidth = 'md',
  children,
}: {
  title: string;
  description?: ReactNode;
  back?: { to: string; label: string };
  maxWidth?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, sm: 4 } }}>
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
