import type { S3Client, _Object } from "@aws-sdk/client-s3";
import { createReadStream, createWriteStream } from "node:fs";
import { basename } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Config } from "../app/lib/env.server.ts";

/**
 * Backups copied to S3-compatible object storage (decision 0054): the archive is made in the
 * backup folder as always (synced, renamed), then uploaded under BACKUP_S3_PREFIX; scheduled ones
 * beyond BACKUP_KEEP are removed there as in the folder. Objects are private (no ACL is set).
 * The SDK is loaded only when a bucket is configured (it costs a start 0.1–0.2 s otherwise).
 */
const sdk = () => import("@aws-sdk/client-s3");
export interface S3Destination {
  client: S3Client;
  bucket: string;
  prefix: string;
}

/** The configured bucket, or undefined when backups stay in the folder only. */
export async function s3Destination(config: Config): Promise<S3Destination | undefined> {
  if (!config.BACKUP_S3_BUCKET) return undefined;
  const { S3Client } = await sdk();
  const client = new S3Client({
    region: config.BACKUP_S3_REGION,
    ...(config.BACKUP_S3_ENDPOINT ? { endpoint: config.BACKUP_S3_ENDPOINT, forcePathStyle: true } : {}),
    // Without keys, the SDK's own chain (environment, instance role…) answers.
    ...(config.BACKUP_S3_ACCESS_KEY_ID && config.BACKUP_S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: config.BACKUP_S3_ACCESS_KEY_ID,
            secretAccessKey: config.BACKUP_S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
  });
  return { client, bucket: config.BACKUP_S3_BUCKET, prefix: config.BACKUP_S3_PREFIX ?? "" };
}

/** Uploads the archive (streamed, in parts when large); returns its s3:// address. */
export async function uploadArchive(destination: S3Destination, file: string): Promise<string> {
  const key = `${destination.prefix}${basename(file)}`;
  const { Upload } = await import("@aws-sdk/lib-storage");
  await new Upload({
    client: destination.client,
    params: { Bucket: destination.bucket, Key: key, Body: createReadStream(file) },
  }).done();
  return `s3://${destination.bucket}/${key}`;
}

/** Removes the oldest objects whose names `isScheduled` accepts, beyond `keep`; returns their keys. */
export async function pruneBucket(
  destination: S3Destination,
  keep: number,
  isScheduled: (name: string) => boolean,
): Promise<string[]> {
  const { DeleteObjectsCommand, ListObjectsV2Command } = await sdk();
  const objects: _Object[] = [];
  let token: string | undefined;
  do {
    const page = await destination.client.send(
      new ListObjectsV2Command({ Bucket: destination.bucket, Prefix: destination.prefix, ContinuationToken: token }),
    );
    objects.push(...(page.Contents ?? []));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  const keys = objects
    .map((o) => o.Key!)
    .filter((key) => isScheduled(key.slice(destination.prefix.length)))
    .sort();
  const old = keys.slice(0, Math.max(0, keys.length - keep));
  if (old.length > 0)
    await destination.client.send(
      new DeleteObjectsCommand({ Bucket: destination.bucket, Delete: { Objects: old.map((Key) => ({ Key })) } }),
    );
  return old;
}

/** Downloads `s3://bucket/key` into `to` (created 0600). */
export async function downloadArchive(destination: S3Destination, address: string, to: string): Promise<void> {
  const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(address);
  if (!match) throw new Error(`Not an s3:// address: ${address}`);
  const { GetObjectCommand } = await sdk();
  const object = await destination.client.send(new GetObjectCommand({ Bucket: match[1], Key: match[2] }));
  await pipeline(object.Body as Readable, createWriteStream(to, { mode: 0o600 }));
}
