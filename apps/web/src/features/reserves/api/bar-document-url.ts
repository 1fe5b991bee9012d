import { API_BASE } from '@/lib/api';

/** GET /api/reserves/bars/:id/document: the auditor's PDF of a bar, public, a plain link. */
export const barDocumentUrl = (id: number) => `${API_BASE}/reserves/bars/${id}/document`;
