import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR } from '@prata/domain';
import { PageHeader } from '../../../components/page';
import { firstError } from '../../../lib/api';
import { usePrivacyPolicy } from '../api/privacy';

/** /privacidade: the privacy policy as published (a versioned document, like the terms) and the encarregado. */
export function PrivacyPolicyPage() {
  const policy = usePrivacyPolicy();
  return (
    <Container sx={{ py: { xs: 3, sm: 5 } }}>
      <PageHeader title="Política de privacidade" />
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        {policy.isPending ? (
          <>
            <Skeleton width="60%" height={32} />
            <Skeleton />
            <Skeleton />
            <Skeleton width="80%" />
          </>
        ) : policy.isError ? (
          <Alert severity="error">{firstError(policy.error)}</Alert>
        ) : (
          <>
            <Typography
              component="div"
              sx={{
                '& h1, & h2, & h3': { mt: 3, mb: 1 },
                '& > :first-of-type': { mt: 0 },
                '& p': { mb: 1.5 },
                '& a': { color: 'secondary.main' },
              }}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitizes the policy's HTML (ARCHITECTURE §6)
              dangerouslySetInnerHTML={{ __html: policy.data.html }}
            />
            <Typography component="h2" variant="h5" sx={{ mt: 3, mb: 1 }}>
              Contato do encarregado
            </Typography>
            <Typography>
              {policy.data.dpo.name}: <Link href={`mailto:${policy.data.dpo.email}`}>{policy.data.dpo.email}</Link>
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              Versão {policy.data.version}, publicada em {formatDateTimeBR(policy.data.published_at)}.
            </Typography>
          </>
        )}
      </Paper>
    </Container>
  );
}

export const Component = PrivacyPolicyPage;
