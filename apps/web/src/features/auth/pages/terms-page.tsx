import { LegalDocumentPage, SanitizedDocument } from '@/components/legal-document';
import { useTerms } from '../api/get-terms';

export function TermsPage() {
  return (
    <LegalDocumentPage title="Termos de uso" query={useTerms()}>
      {(html) => <SanitizedDocument html={html} />}
    </LegalDocumentPage>
  );
}

export const Component = TermsPage;
