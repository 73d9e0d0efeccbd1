import busboy, { type Busboy } from "busboy";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import type { TranslationKey } from "~/i18n/keys";
import type { MediaKind, MediaStore, SavedMedia, SaveResult } from "./media-store.server";

/**
 * A form with one file, read from a Fetch Request as a stream (busboy): text fields come back as
 * FormData, the file goes straight into the MediaStore (never whole in memory). The caller has
 * checked who may upload before calling it. See docs/decisions/0014-media-storage-and-uploads.md.
 */

export type UploadError =
  /** The file (or a text field) is larger than allowed. */
  | { ok: false; error: "too-large"; field: string; maxBytes: number }
  /** The file's first bytes are not a type of this kind (mp4/webm; png/jpeg/webp). */
  | { ok: false; error: "wrong-type"; field: string }
  /** No file was chosen and one is required. */
  | { ok: false; error: "missing-file"; field: string }
  /** Not a multipart form, a malformed or cut-off body, an unexpected file, too many fields. */
  | { ok: false; error: "bad-request"; reason: string };

/** A stored file, and the name it had on the sender's computer (sanitized; null when it sent none usable). */
export type UploadedFile = SavedMedia & { originalName: string | null };

export type UploadResult = { ok: true; fields: FormData; file?: UploadedFile } | UploadError;

/** The longest original file name kept (in characters); longer ones keep their start and extension. */
export const ORIGINAL_NAME_MAX = 200;

/**
 * The name a file had on the sender's computer, fit to keep and show: only its last path part (old
 * browsers send `C:\fakepath\…`), without control or direction-override characters (they would
 * reorder the page's text around it), spaces collapsed, at most ORIGINAL_NAME_MAX characters with
 * the extension kept. Null when nothing is left. It is shown, never used as a path.
 */
export function originalFileName(raw: string | undefined | null): string | null {
  if (!raw) return null;
  const base = raw.split(/[/\\]/).pop() ?? "";
  const clean = base
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, "")
    .replace(/\s+/gu, " ")
    .trim();
  if (!clean || clean === "." || clean === "..") return null;
  const chars = [...clean];
  if (chars.length <= ORIGINAL_NAME_MAX) return clean;
  const dot = clean.lastIndexOf(".");
  const ext = dot > 0 ? [...clean.slice(dot)] : [];
  const keepExt = ext.length > 1 && ext.length <= 16 ? ext : [];
  return [...chars.slice(0, ORIGINAL_NAME_MAX - keepExt.length - 1), "…", ...keepExt].join("");
}

export interface UploadOptions {
  store: MediaStore;
  /** The name of the form's file input. */
  fileField: string;
  kind: MediaKind;
  /** The file's size limit in bytes. */
  maxBytes: number;
  /** Each text field's size limit in bytes (default 64 KiB). */
  maxFieldBytes?: number;
  /** How many text fields the form may have (default 100). */
  maxFields?: number;
  /** Whether a form without a file is "missing-file" (default true; false for "keep the current one"). */
  requireFile?: boolean;
}

export const UPLOAD_DEFAULTS = { maxFieldBytes: 64 * 1024, maxFields: 100 };

const badRequest = (reason: string): UploadError => ({ ok: false, error: "bad-request", reason });

/** Reads a body to its end, discarding it (cancelling it would reset the connection before the answer). */
export async function drain(body: ReadableStream<Uint8Array> | null) {
  if (!body || body.locked) return;
  const reader = body.getReader();
  try {
    while (!(await reader.read()).done) {
      // discard
    }
  } catch {
    // the client went away
  }
}

/** Resolves once the parser takes more input, or has stopped. */
function writable(parser: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      parser.off("drain", done);
      parser.off("close", done);
      resolve();
    };
    parser.on("drain", done);
    parser.on("close", done);
  });
}

/**
 * Parses `request`'s multipart body. Always reads the whole body (after a refusal, to the end,
 * discarding it), so the answer reaches the browser; on any error no file is left in the store.
 */
export async function readUpload(request: Request, options: UploadOptions): Promise<UploadResult> {
  const { store, fileField, kind, maxBytes } = options;
  const maxFieldBytes = options.maxFieldBytes ?? UPLOAD_DEFAULTS.maxFieldBytes;
  const maxFields = options.maxFields ?? UPLOAD_DEFAULTS.maxFields;
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !/^multipart\/form-data\s*;/i.test(contentType)) {
    await drain(request.body);
    return badRequest("not a multipart form");
  }

  let parser: Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      // fieldSize + 1: busboy marks a value that reaches its limit as truncated.
      limits: { fieldSize: maxFieldBytes + 1, fields: maxFields, parts: maxFields + 10, fieldNameSize: 200 },
    });
  } catch {
    await drain(request.body);
    return badRequest("no multipart boundary");
  }

  const fields = new FormData();
  let problem: UploadError | undefined;
  let saving: Promise<SaveResult | Error> | undefined;
  let originalName: string | null = null;
  // Reported through `parsed`, never thrown. Busboy emits some errors (a malformed part header)
  // without stopping: stop it, so a file being read fails too and the rest is only drained.
  parser.on("error", (error: Error) => {
    if (!parser.destroyed) parser.destroy(error);
  });
  const parsed = finished(parser).then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
  );

  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) {
      problem ??= { ok: false, error: "too-large", field: name, maxBytes: maxFieldBytes };
    } else {
      fields.append(name, value);
    }
  });
  parser.on("file", (name, stream, info) => {
    // A part cut short fails its stream; whoever reads it (the store) hears of it, nobody else must.
    stream.on("error", () => {});
    if (name === fileField && !saving && info.filename) {
      originalName = originalFileName(info.filename);
      saving = store.saveStream(kind, stream, { maxBytes }).catch((error: unknown) => {
        stream.resume(); // the store failed (or the part broke off): let the parser get past it
        return error instanceof Error ? error : new Error(String(error));
      });
      return;
    }
    stream.resume(); // a file input left empty, or a file nobody asked for: read past it
    if (info.filename) problem ??= badRequest(name === fileField ? "more than one file" : `unexpected file ${name}`);
  });
  for (const limit of ["fieldsLimit", "partsLimit"] as const) {
    parser.on(limit, () => {
      problem ??= badRequest("too many fields");
    });
  }

  // Feed the parser as it takes input (backpressure reaches the client); once it has failed, drain.
  const reader = request.body.getReader();
  let stopped = false;
  parser.once("close", () => {
    stopped = true;
  });
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      parser.destroy(new Error("the request body ended early"));
      break;
    }
    if (chunk.done) break;
    if (stopped || parser.destroyed) continue;
    if (!parser.write(chunk.value)) await writable(parser);
  }
  if (!stopped && !parser.destroyed) parser.end();

  const parseError = await parsed;
  const outcome = saving ? await saving : undefined;
  const saved = outcome instanceof Error ? undefined : outcome;
  const stored = saved?.ok ? saved : undefined;

  let failure: UploadError | undefined;
  if (parseError) failure = badRequest(`malformed form: ${parseError.message}`);
  // The body was fine and the store failed (disk full, no permission): the server's fault, not the sender's.
  else if (outcome instanceof Error) throw outcome;
  else if (saved && !saved.ok)
    failure =
      saved.error === "too-large"
        ? { ok: false, error: "too-large", field: fileField, maxBytes: saved.maxBytes }
        : { ok: false, error: "wrong-type", field: fileField };
  else if (problem) failure = problem;
  else if (!stored && (options.requireFile ?? true)) failure = { ok: false, error: "missing-file", field: fileField };

  if (failure) {
    if (stored) await store.delete(kind, stored.file);
    return failure;
  }
  if (!stored) return { ok: true, fields };
  const { ok: _ok, ...file } = stored;
  return { ok: true, fields, file: { ...file, originalName } };
}

/** Is this request a multipart form (an upload)? */
export function isMultipart(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/**
 * The translated message for a refused upload: a key of `upload.*` and its parameters (the limit
 * in bytes, formatted by the page in its language).
 */
export function uploadErrorMessage(
  error: UploadError,
  kind: MediaKind,
  fileField: string,
): { key: TranslationKey; limitBytes?: number } {
  switch (error.error) {
    case "too-large":
      return {
        key: error.field === fileField ? "upload.tooLarge" : "upload.fieldTooLarge",
        limitBytes: error.maxBytes,
      };
    case "wrong-type":
      return {
        key:
          kind === "video"
            ? "upload.wrongTypeVideo"
            : kind === "cover"
              ? "upload.wrongTypeCover"
              : "upload.wrongTypeResource",
      };
    case "missing-file":
      return { key: "upload.missingFile" };
    default:
      return { key: "upload.badRequest" };
  }
}
