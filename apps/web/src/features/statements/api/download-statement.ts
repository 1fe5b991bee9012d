import { downloadFromApi } from '@/lib/download';

/** GET /api/statements/pdf?month=yyyy-mm: the month's statement, saved as a PDF. */
export const downloadStatement = (month: string) =>
  downloadFromApi(`/statements/pdf?month=${encodeURIComponent(month)}`, `extrato-prata-${month}.pdf`);
