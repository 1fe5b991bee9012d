import { PRIVACY_EXPORT_FORMAT, PRIVACY_EXPORT_VERSION, type PrivacyExportData } from '@prata/domain';
import type { Executor } from '@/db/client';
import { int } from '@/db/integers';
import {
  companyExportRecord,
  customerDocumentFiles,
  customerExportRecord,
  customerExportSections,
  ticketAttachmentFiles,
} from './export-repository';

// Everything Prata holds about one customer (docs/privacy.md), as data.json and the files beside it; the reads are
// export-repository.ts's.

/** The files the ZIP carries beside data.json: where each is in storage, and its name inside the ZIP. */
export type ExportFile = {
  path: string;
  storageKey: string;
  source: 'document' | 'ticket_attachment';
  recordId: number;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
};

/** A file's name inside the ZIP: its record's id and the name it was sent with, reduced to safe characters. */
const zipName = (id: number, original: string) =>
  `${id}-${
    original
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(0, 100) || 'arquivo'
  }`;

/** The stored files of the customer's documents and tickets (their keys stay here: data.json never names them). */
async function filesOf(ex: Executor, userId: number, ticketIds: number[]): Promise<ExportFile[]> {
  const docs = await customerDocumentFiles(ex, userId);
  const files: ExportFile[] = docs.map((d) => ({
    path: `documentos/${zipName(int(d.id), d.original_name)}`,
    storageKey: d.storage_key,
    source: 'document',
    recordId: int(d.id),
    originalName: d.original_name,
    mimeType: d.mime_type,
    sizeBytes: d.size_bytes,
    sha256: d.sha256,
  }));
  for (const a of await ticketAttachmentFiles(ex, ticketIds))
    files.push({
      path: `anexos/${zipName(int(a.id), a.original_name)}`,
      storageKey: a.storage_key,
      source: 'ticket_attachment',
      recordId: int(a.id),
      originalName: a.original_name,
      mimeType: a.mime_type,
      sizeBytes: a.size_bytes,
      sha256: a.sha256,
    });
  return files;
}

/** data.json's content (without its files' bytes) and the files to put beside it. */
export async function collectCustomerData(
  ex: Executor,
  userId: number,
  requestId: number,
  now: Date,
): Promise<{ data: PrivacyExportData; files: ExportFile[] }> {
  const user = await customerExportRecord(ex, userId);
  if (!user) throw new Error(`privacy export ${requestId}: user ${userId} not found`);
  const company = await companyExportRecord(ex, userId);
  const { sections, ticketIds } = await customerExportSections(ex, userId);
  const files = await filesOf(ex, userId, ticketIds);
  const u = user.r as unknown as { [k: string]: unknown };
  const flag = (k: string) => (typeof u[k] === 'boolean' ? (u[k] as boolean) : null);
  const data: PrivacyExportData = {
    format: PRIVACY_EXPORT_FORMAT,
    version: PRIVACY_EXPORT_VERSION,
    generated_at: now.toISOString(),
    request_id: requestId,
    customer: user.r,
    company: company?.r ?? null,
    declarations: {
      politicamente_exposto: flag('politicamente_exposto'),
      americano: flag('americano'),
      naturalizacao_americana: flag('naturalizacao_americana'),
      caracteristica_us_person: flag('caracteristica_us_person'),
      contribuinte_americano: flag('contribuinte_americano'),
      fatca_declared_at: typeof u.fatca_declared_at === 'string' ? u.fatca_declared_at : null,
    },
    sections,
    files: files.map((f) => ({
      path: f.path,
      source: f.source,
      record_id: f.recordId,
      original_name: f.originalName,
      mime_type: f.mimeType,
      size_bytes: f.sizeBytes,
      sha256: f.sha256,
    })),
  };
  return { data, files };
}
