// The media store in an S3 bucket (AWS S3 or any S3-speaking service: MinIO, Ceph, R2…), so
// every app instance serves the same files. Objects are named by their content address at the
// bucket's root; a put of a key the bucket already holds does nothing (same name, same bytes).
// Large files go up from disk as a stream (multipart above 8 MB, two parts in flight), never
// whole in memory; `open` reads a byte range with GetObject's Range. A missing object is null,
// as in the folder store; any other S3 error is thrown as it is.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { MediaS3Config } from '#server/config';
import { isMediaKey } from '#contract/media-paths';
import type { MediaStore } from './store.ts';

/** Multipart parts: S3's minimum is 5 MB; 8 MB keeps a 500 MB video at ~63 parts. */
const PART_SIZE = 8 * 1024 * 1024;

function isMissing(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
  }
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

function clientFor(config: MediaS3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: the SDK's default (a CRC32 trailer in aws-chunked
    // bodies) is not spoken by every S3-compatible service (MinIO's older releases, s3rver).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** The bucket's S3 service says no (missing, refused) or does not answer, at start: one Spanish sentence for the operator. */
export class MediaBucketError extends Error {
  override name = 'MediaBucketError';
}

/** How long the start-up check waits for the S3 service. */
const CHECK_TIMEOUT_MS = 10_000;

/**
 * HeadBucket at start: the bucket exists and the credentials may use it. A missing bucket,
 * refused credentials or a service that does not answer throw a MediaBucketError naming the
 * bucket and the endpoint (a wrong bucket would otherwise fail only at the first upload).
 */
export async function assertMediaBucketReachable(config: MediaS3Config, client?: S3Client): Promise<void> {
  const s3 = client ?? clientFor(config);
  const where = `el bucket de medios "${config.bucket}" en ${config.endpoint ?? `AWS S3 (región ${config.region})`}`;
  try {
    await s3.send(new HeadBucketCommand({ Bucket: config.bucket }), { abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
  } catch (error) {
    const status = error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
    const name = (error as { name?: unknown } | null)?.name;
    if (status === 404 || name === 'NotFound' || name === 'NoSuchBucket') {
      throw new MediaBucketError(`no existe ${where}. Créalo o corrige MEDIA_S3_BUCKET (y MEDIA_S3_ENDPOINT).`);
    }
    if (status === 401 || status === 403 || name === 'InvalidAccessKeyId' || name === 'SignatureDoesNotMatch' || name === 'AccessDenied' || name === 'Forbidden') {
      throw new MediaBucketError(`S3 rechaza las credenciales para ${where} (${status ?? String(name)}). Revisa MEDIA_S3_ACCESS_KEY_ID y MEDIA_S3_SECRET_ACCESS_KEY, y que esa clave pueda usar el bucket.`);
    }
    if (status === 301) {
      throw new MediaBucketError(`${where} está en otra región: corrige MEDIA_S3_REGION.`);
    }
    const reason = status ? `S3 respondió ${status}${typeof name === 'string' ? ` ${name}` : ''}` : error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new MediaBucketError(`no se pudo comprobar ${where}: ${reason}. Revisa MEDIA_S3_ENDPOINT y la red.`);
  }
}

export function createS3MediaStore(config: MediaS3Config, client?: S3Client): MediaStore & { client: S3Client } {
  const s3 = client ?? clientFor(config);
  const Bucket = config.bucket;
  const checked = (key: string) => {
    if (!isMediaKey(key)) throw new Error(`clave de medio no válida: ${key}`);
    return key;
  };

  async function size(key: string): Promise<number | null> {
    try {
      const head = await s3.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    client: s3,
    async put(key, bytes) {
      if ((await size(key)) !== null) return;
      await s3.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: bytes, ContentLength: bytes.byteLength }));
    },
    async putFile(key, path) {
      if ((await size(key)) !== null) return;
      const { size: length } = await stat(path);
      if (length < PART_SIZE) {
        // One request, its length known up front (a stream of unknown length would be buffered).
        await s3.send(new PutObjectCommand({ Bucket, Key: checked(key), Body: createReadStream(path), ContentLength: length }));
        return;
      }
      await new Upload({ client: s3, params: { Bucket, Key: checked(key), Body: createReadStream(path) }, partSize: PART_SIZE, queueSize: 2, leavePartsOnError: false }).done();
    },
    async read(key) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: checked(key) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async open(key, range) {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket, Key: checked(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        if (!object.Body) return null;
        // The whole size: after the slash of Content-Range for a range, else the length.
        const total = object.ContentRange ? Number(/\/(\d+)$/.exec(object.ContentRange)?.[1]) : object.ContentLength;
        if (total === undefined || !Number.isFinite(total)) throw new Error(`S3 no dio el tamaño de ${key}`);
        const body = object.Body;
        const stream = body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0]);
        return { stream, size: total };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    size,
  };
}
