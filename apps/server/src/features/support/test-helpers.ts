import { randomBytes } from 'node:crypto';
import { asc } from 'drizzle-orm';
import { ticketCategories, ticketSubcategories } from '@/db/schema/index';
import type { TestApp } from '../../../test/helpers';
import { seedSupportDemo } from './demo';

/** Test files only: the demo's categories, FAQs and contact information, and the first category with a subcategory. */
export async function withSupportData(t: TestApp) {
  await seedSupportDemo(t.database.db);
  const categories = await t.database.db.select().from(ticketCategories).orderBy(asc(ticketCategories.id));
  const subs = await t.database.db.select().from(ticketSubcategories).orderBy(asc(ticketSubcategories.id));
  const category = categories[0]!;
  const other = categories[1]!;
  return {
    categoryId: category.id,
    subcategoryId: subs.find((s) => s.categoryId === category.id)!.id,
    otherSubcategoryId: subs.find((s) => s.categoryId === other.id)!.id,
  };
}

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000dIHDR-fake-png-bytes'),
]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const EXE = Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00', 'latin1');

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** A multipart body whose parts may repeat a name (attachments[] twice), as a browser's FormData sends it. */
export function form(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----prata${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
        ),
        p.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const fields = (values: Record<string, string | number>): Part[] =>
  Object.entries(values).map(([name, value]) => ({ name, value: String(value) }));
