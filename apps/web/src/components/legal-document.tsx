import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { firstError } from '@/lib/api';
import { PageHeader } from './page';

/**
 * A published document's page (the terms, the privacy policy): its title, a placeholder while it loads, the error,
 * then `children(data)`.
 */
export function LegalDocumentPage<T>({
  title,
  query,
  children,
}: {
  title: string;
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  return (
    <Container sx={{ py: { xs: 3, sm: 5 } }}>
      <PageHeader title={title} />
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        {query.isPending ? (
          <>
            <Skeleton width="60%" height={32} />
            <Skeleton />
            <Skeleton />
            <Skeleton width="80%" />
          </>
        ) : query.isError ? (
          <Alert severity="error">{firstError(query.error)}</Alert>
        ) : (
          children(query.data as T)
        )}
      </Paper>
    </Container>
  );
}

/** A document's HTML as the server sanitized it (ARCHITECTURE §6), with the documents' spacing. */
export function SanitizedDocument({ html }: { html: string }) {
  return (
    <Typography
      component="div"
      sx={{
        '& h1, & h2, & h3': { mt: 3, mb: 1 },
        '& > :first-of-type': { mt: 0 },
        '& p': { mb: 1.5 },
        '& a': { color: 'secondary.main' },
      }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes a document's HTML (ARCHITECTURE §6)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
