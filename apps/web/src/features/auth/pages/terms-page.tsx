import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../../components/page';
import { firstError } from '../../../lib/api';
import { useTerms } from '../api/get-terms';

export function TermsPage() {
  const terms = useTerms();
  return (
    <Container sx={{ py: { xs: 3, sm: 5 } }}>
      <PageHeader title="Termos de uso" />
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        {terms.isPending ? (
          <>
            <Skeleton width="60%" height={32} />
            <Skeleton />
            <Skeleton />
            <Skeleton width="80%" />
          </>
        ) : terms.isError ? (
          <Alert severity="error">{firstError(terms.error)}</Alert>
        ) : (
          <Typography
            component="div"
            sx={{
              '& h1, & h2, & h3': { mt: 3, mb: 1 },
              '& > :first-of-type': { mt: 0 },
              '& p': { mb: 1.5 },
              '& a': { color: 'secondary.main' },
            }}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes the terms HTML (ARCHITECTURE §6)
            dangerouslySetInnerHTML={{ __html: terms.data }}
          />
        )}
      </Paper>
    </Container>
  );
}

export const Component = TermsPage;
