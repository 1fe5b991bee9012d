import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3StorageSettings } from '@/adapters/storage/index';

/**
 * An S3-compatible server in this process (s3rver: files in a temporary folder), one bucket created, and the
 * settings to reach it the way production's STORAGE_URL/S3_* would (path style, as for MinIO).
 */
export async function startS3Server(bucket = 'prata-test'): Promise<{
  settings: S3StorageSettings;
  stop(): Promise<void>;
}> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'prata-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true });
  const { port } = await server.run();
  const settings: S3StorageSettings = {
    bucket,
    prefix: 'uploads/',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    // s3rver's well-known development credentials
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const admin = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await admin.send(new CreateBucketCommand({ Bucket: bucket }));
  admin.destroy();
  return {
    settings,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
