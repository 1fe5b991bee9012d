import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { ticketAttachments } from '@/db/schema/index';
import { s3Storage } from '@/adapters/storage/index';
import { fields, form, PDF, withSupportData } from '@/features/support/test-helpers';
import { bearer, buildTestApp, createCustomer, type TestApp } from './helpers';
import { startS3Server } from './s3-server';

describe('uploads through the API land in the S3-compatible bucket', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    server = await startS3Server();
    t = await buildTestApp({ adapters: { storage: s3Storage(server.settings) } });
  });
  afterAll(async () => {
    await t.app.close();
    await server.stop();
  });

  it('a ticket attachment is uploaded, stored in the bucket (not on disk) and downloaded byte for byte', async () => {
    const ids = await withSupportData(t);
    const ana = await createCustomer(t, { name: 'Ana Souza' });
    const body = form([
      ...fields({ category_id: ids.categoryId, subcategory_id: ids.subcategoryId, subject: 'TED', description: 'x' }),
      { name: 'attachments[]', filename: 'comprovante.pdf', type: 'application/pdf', data: PDF },
    ]);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: { ...bearer(ana.token), ...body.headers },
      payload: body.payload,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, opened.json().ticket.id));
    // another client of the same bucket (another instance) reads the very bytes
    expect((await s3Storage(server.settings).get(row!.storageKey)).equals(PDF)).toBe(true);
    expect(await readdir(t.config.uploadsDir)).toEqual([]);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/ticket/attachment/${row!.id}`,
      headers: bearer(ana.token),
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
  });
});

describe('STORAGE_URL and S3_* (config, fail closed)', () => {
  const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env } as NodeJS.ProcessEnv).storage;

  it('unset: the disk', () => {
    expect(load({})).toEqual({ kind: 'disk' });
  });

  it('s3://bucket/prefix with its settings', () => {
    expect(
      load({
        STORAGE_URL: 's3://prata-files/prod/uploads/',
        S3_ENDPOINT: 'http://minio.internal:9000',
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toEqual({
      kind: 's3',
      bucket: 'prata-files',
      prefix: 'prod/uploads/',
      region: 'us-east-1',
      endpoint: 'http://minio.internal:9000',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
  });

  it.each([
    [{ STORAGE_URL: 'https://bucket/x', S3_REGION: 'r' }, /STORAGE_URL inválido/],
    [{ STORAGE_URL: 's3://', S3_REGION: 'r' }, /STORAGE_URL inválido/],
    [{ STORAGE_URL: 's3://prata-files' }, /S3_REGION é obrigatório/],
    [{ STORAGE_URL: 's3://prata-files', S3_REGION: 'r', S3_ACCESS_KEY_ID: 'id' }, /vão juntos/],
    [{ S3_REGION: 'r', S3_ENDPOINT: 'http://minio:9000' }, /sem STORAGE_URL/],
  ])('refuses to start on a half-configured bucket, in every environment: %o', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });
});
