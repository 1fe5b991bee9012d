import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatDateTimeBR } from '@prata/domain';
import { LegalDocumentPage, SanitizedDocument } from '@/components/legal-document';
import { usePrivacyPolicy } from '../api/privacy';

/** /privacidade: the privacy policy as published (a versioned document, like the terms) and the encarregado. */
export function PrivacyPolicyPage() {
  return (
    <LegalDocumentPage title="Política de privacidade" query={usePrivacyPolicy()}>
      {(policy) => (
        <>
          <SanitizedDocument html={policy.html} />
          <Typography component="h2" variant="h5" sx={{ mt: 3, mb: 1 }}>
            Contato do encarregado
          </Typography>
          <Typography>
            {policy.dpo.name}: <Link href={`mailto:${policy.dpo.email}`}>{policy.dpo.email}</Link>
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Versão {policy.version}, publicada em {formatDateTimeBR(policy.published_at)}.
          </Typography>
        </>
      )}
    </LegalDocumentPage>
  );
}

export const Component = PrivacyPolicyPage;
