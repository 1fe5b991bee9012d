import { PrivacyExportData } from '@prata/domain';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { renderJob } from '@/lib/render-pool';
import { README_TEXT } from './readme';
import { summaryPdf } from './summary-pdf';

/** A file of the export as the ZIP stores it: its path inside the ZIP and its bytes, as they were sent. */
export type ExportFile = { path: string; bytes: Uint8Array };

/**
 * The export's ZIP: data.json (the collected data checked against its documented schema, or no file), resumo.pdf,
 * LEIA-ME.txt and the files. A heavy trader's history is megabytes of JSON to check, write and deflate: on a render
 * thread (lib/render-pool.ts), never on the event loop. Answers the bytes and what the audit counts.
 */
async function renderExportZip(data: unknown, files: ExportFile[], dpo: { name: string; email: string }) {
  const checked = PrivacyExportData.parse(data);
  const entries: Zippable = {
    'data.json': strToU8(JSON.stringify(checked, null, 2)),
    'resumo.pdf': [await summaryPdf(checked, dpo), { level: 0 }],
    'LEIA-ME.txt': strToU8(README_TEXT),
  };
  // already compressed (PDF, images): stored as they are
  for (const f of files) entries[f.path] = [f.bytes, { level: 0 }];
  const zip = zipSync(entries, { level: 6, mtime: new Date() });
  return {
    zip,
    counts: Object.fromEntries(Object.entries(checked.sections).map(([k, v]) => [k, v.length])),
    files: checked.files.length,
  };
}

export const exportZip = renderJob(import.meta.url, 'exportZip', renderExportZip);
