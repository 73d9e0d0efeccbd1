import { createReadStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import {
  isMediaFileName,
  LocalMediaStore,
  mediaFolders,
  type ByteRange,
  type MediaKind,
  type MediaStat,
  type MediaStore,
  type SaveResult,
} from "./media-store.server";
import { mediaTypeOfFile } from "./media-probe";
import { S3Bucket, type S3RequestInit } from "./s3.server";

/**
 * Uploaded media in an S3-compatible bucket (decision 0056): the same MediaStore, with the objects
 * under videos/, covers/ and resources/ as the folders of the local store. An upload is first
 * checked exactly as the local store checks it (type from its bytes, size limit, a video's length),
 * in a spool folder on this machine, and only a file that passed is sent to the bucket, with its
 * length known. A lesson video is then read by the viewer's browser straight from the bucket,
 * through a URL this store signs for a short time (`signedUrl`), after Lomda's access check.
 */

export interface S3MediaOptions {
  /** The bucket's URL, path style (`https://s3.example.com/bucket`) or virtual host style (`https://bucket.s3.…`). */
  bucketUrl: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A folder on this machine for uploads being checked before they are sent. */
  spoolDir: string;
  /** How long a signed URL works (signedUrl): MEDIA_S3_URL_SECONDS, an hour by default. */
  urlSeconds?: number;
}

/** One file of `copyFolder`: sent, already in the bucket with its size, or not sent (and why). */
export interface CopiedFile {
  key: string;
  bytes: number;
  outcome: "copied" | "present" | "failed";
  error?: string;
}

const PREFIX: Record<MediaKind, string> = { video: "videos/", cover: "covers/", resource: "resources/" };

export class S3MediaStore implements MediaStore {
  private readonly bucket: S3Bucket;
  private readonly spool: LocalMediaStore;
  private readonly spoolDir: string;
  readonly urlSeconds: number;

  constructor(options: S3MediaOptions) {
    this.bucket = new S3Bucket(options);
    this.spoolDir = options.spoolDir;
    this.urlSeconds = options.urlSeconds ?? 3600;
    this.spool = new LocalMediaStore(mediaFolders(options.spoolDir));
  }

  /** The object's key, or undefined for a name the store would never have made. */
  private keyOf(kind: MediaKind, file: string): string | undefined {
    return isMediaFileName(kind, file) ? `${PREFIX[kind]}${file}` : undefined;
  }

  private async send(method: string, key: string, init: S3RequestInit = {}): Promise<Response> {
    const response = await this.bucket.send(method, key, init);
    if (response.status >= 500 || response.status === 403 || response.status === 400)
      throw await this.bucket.failure(response, method, key);
    return response;
  }

  async saveStream(
    kind: MediaKind,
    source: ReadableStream<Uint8Array> | Readable,
    options: { maxBytes: number },
  ): Promise<SaveResult> {
    await mkdir(this.spoolDir, { recursive: true });
    const saved = await this.spool.saveStream(kind, source, options);
    if (!saved.ok) return saved;
    const path = join(mediaFolders(this.spoolDir)[kind], saved.file);
    try {
      await this.putFile(kind, saved.file, path, saved.size);
      return saved;
    } finally {
      await rm(path, { force: true });
    }
  }

  /** Sends the file at `path` (already checked, `size` bytes) as `file` of `kind`. */
  private async putFile(kind: MediaKind, file: string, path: string, size: number): Promise<void> {
    const response = await this.send("PUT", this.keyOf(kind, file)!, {
      body: () => Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>,
      headers: { "Content-Type": mediaTypeOfFile(kind, file)!.contentType, "Content-Length": String(size) },
    });
    if (!response.ok) throw new Error(`object storage refused the upload (${response.status})`);
    await response.body?.cancel();
  }

  /**
   * Copies a local media folder's files (MEDIA_DIR: videos/, covers/, resources/) into the bucket,
   * for a site that moves its media there: each file the bucket lacks, or holds with another size,
   * is sent; the others are left. Names the store would never have made (an unfinished upload's
   * temporary file, anything put there by hand) are skipped, and nothing is deleted on either side,
   * so it can be run again after a failure, or before and after the switch. `onFile` hears of each.
   */
  async copyFolder(
    mediaDir: string,
    onFile: (file: CopiedFile) => void = () => {},
  ): Promise<{ copied: number; present: number; failed: number }> {
    const counts = { copied: 0, present: 0, failed: 0 };
    for (const [kind, folder] of Object.entries(mediaFolders(mediaDir)) as [MediaKind, string][]) {
      const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      for (const file of names.sort()) {
        if (!isMediaFileName(kind, file)) continue;
        const key = this.keyOf(kind, file)!;
        try {
          const local = await stat(join(folder, file));
          if (!local.isFile()) continue;
          if ((await this.stat(kind, file))?.size === local.size) {
            counts.present++;
            onFile({ key, bytes: local.size, outcome: "present" });
            continue;
          }
          await this.putFile(kind, file, join(folder, file), local.size);
          counts.copied++;
          onFile({ key, bytes: local.size, outcome: "copied" });
        } catch (error) {
          counts.failed++;
          onFile({ key, bytes: 0, outcome: "failed", error: error instanceof Error ? error.message : String(error) });
        }
      }
    }
    return counts;
  }

  async stat(kind: MediaKind, file: string): Promise<MediaStat | undefined> {
    const key = this.keyOf(kind, file);
    if (!key) return undefined;
    const response = await this.send("HEAD", key);
    if (response.status === 404) return undefined;
    if (!response.ok) throw new Error(`object storage answered ${response.status} to HEAD`);
    return {
      size: Number(response.headers.get("content-length") ?? 0),
      contentType: mediaTypeOfFile(kind, file)!.contentType,
      modified: new Date(response.headers.get("last-modified") ?? 0),
    };
  }

  async createReadStream(kind: MediaKind, file: string, range?: ByteRange): Promise<Readable | undefined> {
    const key = this.keyOf(kind, file);
    if (!key) return undefined;
    const response = await this.send(
      "GET",
      key,
      range ? { headers: { Range: `bytes=${range.start}-${range.end}` } } : {},
    );
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok || !response.body) throw new Error(`object storage answered ${response.status} to GET`);
    return Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>);
  }

  async delete(kind: MediaKind, file: string): Promise<boolean> {
    if (!(await this.stat(kind, file))) return false;
    const response = await this.send("DELETE", this.keyOf(kind, file)!);
    await response.body?.cancel();
    return response.ok;
  }

  /**
   * A URL anyone may GET the object with for `seconds` (AWS signature version 4 in the query): what
   * a viewer Lomda lets watch is redirected to. It names the object only; Range works on it.
   */
  async signedUrl(kind: MediaKind, file: string, seconds = this.urlSeconds): Promise<string | undefined> {
    const key = this.keyOf(kind, file);
    return key ? this.bucket.presign(key, seconds) : undefined;
  }
}
