import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm, stat as fileStat, unlink, type FileHandle } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { Readable } from "node:stream";
import {
  mediaTypeOfFile,
  mp4DurationSeconds,
  type MediaKind,
  type MediaType,
  type ReadAt,
  sniffMedia,
  SNIFF_BYTES,
  webmDurationSeconds,
} from "./media-probe";

/**
 * Uploaded media (lesson videos, course covers) behind a small interface, so that an object store
 * can take the local disk's place later (docs/decisions/0014-media-storage-and-uploads.md). Files
 * are named by the store, never by the uploader: a random name with the extension of the type
 * sniffed from the file's own first bytes.
 */

export type { MediaKind, MediaType };

export type SaveError = { ok: false; error: "too-large"; maxBytes: number } | { ok: false; error: "wrong-type" };

export interface SavedMedia {
  /** The stored name, e.g. `3f9c…e1.mp4`: what a lesson or course row keeps. */
  file: string;
  size: number;
  contentType: MediaType["contentType"];
  /** Videos: from the MP4 movie header or the WebM Info element, when the file says. */
  durationSeconds?: number;
}

export type SaveResult = ({ ok: true } & SavedMedia) | SaveError;

export interface MediaStat {
  size: number;
  contentType: MediaType["contentType"];
  modified: Date;
}

/** Bytes start…end, both included (as in HTTP's Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStore {
  /**
   * Stores the bytes of `source` as a new file of this kind: streamed (never held whole in
   * memory), refused with "too-large" as soon as it passes `maxBytes`, with "wrong-type" when its
   * first bytes are not a type of this kind. Nothing is left behind when it is refused or the
   * source fails (the source's error is thrown). On a refusal a Node stream is left flowing
   * (drained, so a multipart parser can go on to the next part); a web stream is cancelled.
   */
  saveStream(
    kind: MediaKind,
    source: ReadableStream<Uint8Array> | Readable,
    options: { maxBytes: number },
  ): Promise<SaveResult>;
  /** Size, type and time of a stored file; undefined when there is none by that name. */
  stat(kind: MediaKind, file: string): Promise<MediaStat | undefined>;
  /** The file's bytes (or a range of them); undefined when there is none by that name. */
  createReadStream(kind: MediaKind, file: string, range?: ByteRange): Promise<Readable | undefined>;
  /** Removes a stored file; false when there was none by that name. */
  delete(kind: MediaKind, file: string): Promise<boolean>;
}

/** A stored file's name: lower-case letters, digits and dashes, and an extension of its kind. */
const FILE_NAME = /^[a-z0-9][a-z0-9-]{0,127}\.[a-z0-9]{3,4}$/;

export function isMediaFileName(kind: MediaKind, file: string): boolean {
  return FILE_NAME.test(file) && mediaTypeOfFile(kind, file) !== undefined;
}

/** Positioned reads never ask for more than this (a crafted header cannot make us allocate more). */
const MAX_PROBE_READ = 64 * 1024;

function newFileName(type: MediaType): string {
  return `${randomBytes(16).toString("hex")}.${type.ext}`;
}

const isNodeReadable = (source: unknown): source is Readable => source instanceof Readable;

/** The chunks of either kind of stream, and a way to stop taking them without breaking the producer. */
function chunksOf(source: ReadableStream<Uint8Array> | Readable) {
  if (isNodeReadable(source)) {
    const iterator = source.iterator({ destroyOnReturn: false });
    return {
      next: async (): Promise<IteratorResult<Uint8Array>> => {
        const next = (await iterator.next()) as IteratorResult<unknown>;
        if (next.done) return next as IteratorResult<Uint8Array>;
        const value = next.value;
        return { done: false, value: typeof value === "string" ? Buffer.from(value) : (value as Uint8Array) };
      },
      abandon: async () => {
        await iterator.return?.();
        source.resume();
      },
    };
  }
  const reader = source.getReader();
  return {
    next: () => reader.read() as Promise<IteratorResult<Uint8Array>>,
    abandon: async () => {
      await reader.cancel().catch(() => {});
    },
  };
}

async function writeAll(handle: FileHandle, chunk: Uint8Array) {
  let offset = 0;
  while (offset < chunk.byteLength) {
    const { bytesWritten } = await handle.write(chunk, offset, chunk.byteLength - offset);
    offset += bytesWritten;
  }
}

function readerOf(handle: FileHandle): ReadAt {
  return async (position, length) => {
    const wanted = Math.max(0, Math.min(length, MAX_PROBE_READ));
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(wanted), 0, wanted, position);
    return buffer.subarray(0, bytesRead);
  };
}

async function probeDuration(type: MediaType, handle: FileHandle, size: number): Promise<number | undefined> {
  try {
    if (type.ext === "mp4") return await mp4DurationSeconds(readerOf(handle), size);
    if (type.ext === "webm") return await webmDurationSeconds(readerOf(handle), size);
  } catch {
    // a header we cannot read: no duration, the file is still a video
  }
  return undefined;
}

const isMissing = (error: unknown) =>
  ["ENOENT", "ENOTDIR", "EISDIR"].includes((error as NodeJS.ErrnoException).code ?? "");

/**
 * Files on the local disk: one folder per kind. Writes go to a hidden temporary file in the same
 * folder, renamed to the final name once complete, so a reader never sees half a file.
 */
export class LocalMediaStore implements MediaStore {
  private readonly folders: Partial<Record<MediaKind, string>>;

  /** A folder per kind; a kind without one has no files (the bundled videos have no covers). */
  constructor(folders: Partial<Record<MediaKind, string>>) {
    // Each kind given keeps its folder (absolute); a kind not given is one this store does not keep.
    this.folders = Object.fromEntries(
      Object.entries(folders).flatMap(([kind, folder]) => (folder ? [[kind, resolve(folder)]] : [])),
    );
  }

  private folderOf(kind: MediaKind): string {
    const folder = this.folders[kind];
    if (!folder) throw new Error(`this store keeps no ${kind} files`);
    return folder;
  }

  /** The path of a stored file, or undefined for a name the store would never have made. */
  private pathOf(kind: MediaKind, file: string): string | undefined {
    const folder = this.folders[kind];
    if (!folder || !isMediaFileName(kind, file)) return undefined;
    const path = resolve(folder, file);
    return dirname(path) === folder ? path : undefined;
  }

  async saveStream(
    kind: MediaKind,
    source: ReadableStream<Uint8Array> | Readable,
    { maxBytes }: { maxBytes: number },
  ): Promise<SaveResult> {
    if (!Number.isFinite(maxBytes) || maxBytes <= 0) throw new RangeError("maxBytes must be a positive number");
    const folder = this.folderOf(kind);
    await mkdir(folder, { recursive: true });
    const temporary = join(folder, `.upload-${randomBytes(12).toString("hex")}.tmp`);
    const handle = await open(temporary, "wx+", 0o644);
    const chunks = chunksOf(source);
    let open_ = true;
    let kept = false;
    const refuse = async (error: SaveError) => {
      await chunks.abandon();
      return error;
    };
    try {
      let size = 0;
      let head = Buffer.alloc(0);
      let type: MediaType | null | undefined;
      for (;;) {
        const next = await chunks.next();
        if (next.done) break;
        const chunk = next.value;
        size += chunk.byteLength;
        if (size > maxBytes) return await refuse({ ok: false, error: "too-large", maxBytes });
        if (type === undefined) {
          head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
          if (head.length >= SNIFF_BYTES) {
            type = sniffMedia(kind, head);
            if (!type) return await refuse({ ok: false, error: "wrong-type" });
          }
        }
        await writeAll(handle, chunk);
      }
      type ??= sniffMedia(kind, head);
      if (!type) return { ok: false, error: "wrong-type" };
      const durationSeconds = kind === "video" ? await probeDuration(type, handle, size) : undefined;
      await handle.sync();
      await handle.close();
      open_ = false;
      const file = newFileName(type);
      await rename(temporary, join(folder, file));
      kept = true;
      return {
        ok: true,
        file,
        size,
        contentType: type.contentType,
        ...(durationSeconds === undefined ? {} : { durationSeconds }),
      };
    } finally {
      if (open_) await handle.close().catch(() => {});
      if (!kept) await rm(temporary, { force: true });
    }
  }

  async stat(kind: MediaKind, file: string): Promise<MediaStat | undefined> {
    const path = this.pathOf(kind, file);
    if (!path) return undefined;
    try {
      const stats = await fileStat(path);
      if (!stats.isFile()) return undefined;
      return { size: stats.size, contentType: mediaTypeOfFile(kind, file)!.contentType, modified: stats.mtime };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async createReadStream(kind: MediaKind, file: string, range?: ByteRange): Promise<Readable | undefined> {
    const path = this.pathOf(kind, file);
    if (!path) return undefined;
    let handle: FileHandle;
    try {
      handle = await open(path, "r");
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      return undefined;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async delete(kind: MediaKind, file: string): Promise<boolean> {
    const path = this.pathOf(kind, file);
    if (!path) return false;
    try {
      await unlink(path);
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}

/** The folders of the media directory (MEDIA_DIR, by default DATA_DIR/media): videos/, covers/ and resources/. */
export function mediaFolders(mediaDir: string): Record<MediaKind, string> {
  return { video: join(mediaDir, "videos"), cover: join(mediaDir, "covers"), resource: join(mediaDir, "resources") };
}

/** The store the app uses: the local disk (a volume shared by every process when there are several). */
export function createMediaStore(mediaDir: string): MediaStore {
  return new LocalMediaStore(mediaFolders(mediaDir));
}
