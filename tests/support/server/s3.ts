// A real S3 endpoint for tests: s3rver (it speaks the S3 REST API: PutObject, multipart
// uploads, HeadObject, ranged GetObject) on a free port, keeping its objects in a temporary
// folder; stop() closes it and removes the folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaS3Config } from '#server/config';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

export interface TestS3 {
  config: MediaS3Config;
  /** The folder s3rver keeps its objects in. */
  directory: string;
  stop(): Promise<void>;
}

export async function startTestS3(bucket = 'impecable-medios'): Promise<TestS3> {
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;
  const directory = mkdtempSync(join(tmpdir(), 'impecable-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    // s3rver's built-in account.
    config: { bucket, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    directory,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
