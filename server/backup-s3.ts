import { createReadStream, createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { basename } from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import type { Config } from "../app/lib/env.server.ts";
import { S3Bucket, xmlEscape, xmlValues } from "../app/lib/s3.server.ts";

/**
 * Backups copied to S3-compatible object storage (decision 0054): the archive is made in the
 * backup folder as always (synced, renamed), then uploaded under BACKUP_S3_PREFIX; scheduled ones
 * beyond BACKUP_KEEP are removed there as in the folder. Objects are private (no ACL is set).
 * Requests are signed with aws4fetch, through the bucket client the media store uses too
 * (app/lib/s3.server.ts).
 */

const MIB = 1024 * 1024;

export interface S3Destination {
  bucket: string;
  prefix: string;
  /** The configured bucket's client. */
  store: S3Bucket;
  /** A client for another bucket of the same service and keys (an s3:// address may name one). */
  bucketNamed: (bucket: string) => S3Bucket;
  /** Archives larger than this go up in parts (S3 takes at most 5 GiB in one PUT). */
  multipartAbove: number;
  /** The size of a part (S3: at least 5 MiB but the last, at most 10,000 parts). */
  partBytes: number;
}

/** The configured bucket, or undefined when backups stay in the folder only. */
export function s3Destination(config: Config): S3Destination | undefined {
  if (!config.BACKUP_S3_BUCKET) return undefined;
  // env.server.ts requires both keys with a bucket; aws4fetch signs with them (no instance role).
  const keys = { accessKeyId: config.BACKUP_S3_ACCESS_KEY_ID!, secretAccessKey: config.BACKUP_S3_SECRET_ACCESS_KEY! };
  const region = config.BACKUP_S3_REGION;
  const endpoint = config.BACKUP_S3_ENDPOINT?.replace(/\/+$/, "");
  const bucketNamed = (bucket: string) =>
    new S3Bucket({ ...keys, region, bucketUrl: bucketUrl(bucket, region, endpoint) });
  return {
    bucket: config.BACKUP_S3_BUCKET,
    prefix: config.BACKUP_S3_PREFIX ?? "",
    store: bucketNamed(config.BACKUP_S3_BUCKET),
    bucketNamed,
    multipartAbove: 100 * MIB,
    partBytes: 64 * MIB,
  };
}

/**
 * Path style on an endpoint (MinIO, s3rver, and what most other services expect); on AWS,
 * virtual-host style (AWS's default), except for a bucket name with a dot, which would not match
 * the `*.s3.<region>.amazonaws.com` certificate.
 */
function bucketUrl(bucket: string, region: string, endpoint: string | undefined): string {
  if (endpoint) return `${endpoint}/${encodeURIComponent(bucket)}`;
  return bucket.includes(".")
    ? `https://s3.${region}.amazonaws.com/${encodeURIComponent(bucket)}`
    : `https://${bucket}.s3.${region}.amazonaws.com`;
}

/** The bytes [start, end) of a file, as a fetch body. */
function fileBody(file: string, start: number, end: number): () => BodyInit {
  return () => Readable.toWeb(createReadStream(file, { start, end: end - 1 })) as unknown as ReadableStream<Uint8Array>;
}

/** Uploads the archive (streamed; in parts above `multipartAbove`); returns its s3:// address. */
export async function uploadArchive(destination: S3Destination, file: string): Promise<string> {
  const key = `${destination.prefix}${basename(file)}`;
  const { size } = await stat(file);
  const { store } = destination;
  if (size <= destination.multipartAbove) {
    const response = await store.send("PUT", key, {
      headers: { "Content-Length": String(size), "Content-Type": "application/octet-stream" },
      body: fileBody(file, 0, size),
    });
    if (!response.ok) throw await store.failure(response, "PUT", key);
    await response.body?.cancel();
  } else await uploadInParts(destination, key, file, size);
  return `s3://${destination.bucket}/${key}`;
}

/**
 * S3's multipart upload: create, one PUT per part read from the file (one at a time: a backup is
 * not in a hurry, and the machine serves requests meanwhile), complete with the parts' ETags. On
 * any failure the upload is aborted, or its parts would stay in the bucket, billed and unseen.
 */
async function uploadInParts(destination: S3Destination, key: string, file: string, size: number): Promise<void> {
  const { store } = destination;
  // S3 allows 10,000 parts: a larger archive gets larger parts.
  const partBytes = Math.max(destination.partBytes, Math.ceil(size / 10_000));
  const created = await store.send("POST", key, {
    query: { uploads: "" },
    headers: { "Content-Type": "application/octet-stream" },
  });
  if (!created.ok) throw await store.failure(created, "POST", key, { uploads: "" });
  const uploadId = xmlValues(await created.text(), "UploadId")[0];
  if (!uploadId) throw new Error(`object storage started no multipart upload for ${key}`);
  try {
    const etags: string[] = [];
    for (let start = 0, part = 1; start < size; start += partBytes, part++) {
      const end = Math.min(size, start + partBytes);
      const query = { partNumber: String(part), uploadId };
      const response = await store.send("PUT", key, {
        query,
        headers: { "Content-Length": String(end - start) },
        body: fileBody(file, start, end),
      });
      if (!response.ok) throw await store.failure(response, "PUT", key, query);
      await response.body?.cancel();
      const etag = response.headers.get("etag");
      if (!etag) throw new Error(`object storage gave part ${part} of ${key} no ETag`);
      etags.push(etag);
    }
    const body = `<CompleteMultipartUpload>${etags
      .map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${xmlEscape(etag)}</ETag></Part>`)
      .join("")}</CompleteMultipartUpload>`;
    const completed = await store.send("POST", key, {
      query: { uploadId },
      headers: { "Content-Type": "application/xml" },
      body: () => body,
    });
    // S3 may answer 200 and still fail: the error is then in the body (its documentation says so).
    const text = await completed.text();
    if (!completed.ok || xmlValues(text, "Code").length > 0)
      throw await store.failure(new Response(text, { status: completed.status }), "POST", key, { uploadId });
  } catch (error) {
    const aborted = await store.send("DELETE", key, { query: { uploadId } }).catch((e: unknown) => e as Error);
    if (aborted instanceof Response) await aborted.body?.cancel();
    const abortFailed = aborted instanceof Response ? !aborted.ok && aborted.status !== 404 : true;
    if (abortFailed)
      (error as Error).message +=
        ` (and aborting the multipart upload failed: its parts may stay in the bucket until a lifecycle rule removes them)`;
    throw error;
  }
}

/** Removes the oldest objects whose names `isScheduled` accepts, beyond `keep`; returns their keys. */
export async function pruneBucket(
  destination: S3Destination,
  keep: number,
  isScheduled: (name: string) => boolean,
): Promise<string[]> {
  const { store, prefix } = destination;
  const keys = (await store.listKeys(prefix)).filter((key) => isScheduled(key.slice(prefix.length))).sort();
  const old = keys.slice(0, Math.max(0, keys.length - keep));
  // One DELETE per object: a run removes one or two, and DeleteObject needs no XML body or Content-MD5.
  for (const key of old) {
    const response = await store.send("DELETE", key);
    if (!response.ok && response.status !== 404) throw await store.failure(response, "DELETE", key);
    await response.body?.cancel();
  }
  return old;
}

/** Downloads `s3://bucket/key` into `to` (created 0600). */
export async function downloadArchive(destination: S3Destination, address: string, to: string): Promise<void> {
  const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(address);
  if (!match) throw new Error(`Not an s3:// address: ${address}`);
  const [, bucket, key] = match as unknown as [string, string, string];
  const store = bucket === destination.bucket ? destination.store : destination.bucketNamed(bucket);
  const response = await store.send("GET", key);
  if (!response.ok || !response.body) throw await store.failure(response, "GET", key);
  await pipeline(
    Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>),
    createWriteStream(to, { mode: 0o600 }),
  );
}
