/**
 * What an uploaded file is, from its own bytes (never from its name or the browser's say-so), and
 * how long a video lasts, read from its container headers with a few positioned reads. Pure: no
 * Node modules, so the same code could run against an object store's ranged reads.
 */

/** A lesson video, a course or catalogue cover, or a file a teacher attaches to a lesson (issue 32). */
export type MediaKind = "video" | "cover" | "resource";

export interface MediaType {
  ext: "mp4" | "webm" | "png" | "jpg" | "webp" | "pdf" | "zip" | "txt";
  contentType:
    | "video/mp4"
    | "video/webm"
    | "image/png"
    | "image/jpeg"
    | "image/webp"
    | "application/pdf"
    | "application/zip"
    | "text/plain; charset=utf-8";
}

/** How many leading bytes `sniffMedia` wants (fewer only when the file is shorter). */
export const SNIFF_BYTES = 64;

export const MEDIA_TYPES = {
  mp4: { ext: "mp4", contentType: "video/mp4" },
  webm: { ext: "webm", contentType: "video/webm" },
  png: { ext: "png", contentType: "image/png" },
  jpg: { ext: "jpg", contentType: "image/jpeg" },
  webp: { ext: "webp", contentType: "image/webp" },
  pdf: { ext: "pdf", contentType: "application/pdf" },
  zip: { ext: "zip", contentType: "application/zip" },
  txt: { ext: "txt", contentType: "text/plain; charset=utf-8" },
} as const satisfies Record<string, MediaType>;

/** The extensions each kind may have, as stored and served. */
export const KIND_EXTENSIONS: Record<MediaKind, readonly MediaType["ext"][]> = {
  video: ["mp4", "webm"],
  cover: ["png", "jpg", "webp"],
  resource: ["pdf", "zip", "txt"],
};

/** The type of a stored file of this kind, from its extension; undefined for any other name. */
export function mediaTypeOfFile(kind: MediaKind, file: string): MediaType | undefined {
  const ext = /\.([a-z0-9]+)$/.exec(file)?.[1];
  return ext && (KIND_EXTENSIONS[kind] as readonly string[]).includes(ext)
    ? MEDIA_TYPES[ext as MediaType["ext"]]
    : undefined;
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  end <= bytes.length ? String.fromCharCode(...bytes.subarray(start, end)) : "";

const startsWith = (bytes: Uint8Array, prefix: number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

const u32 = (bytes: Uint8Array, at: number) =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(at);

/** ISO base media brands of video files browsers play as video/mp4. */
const MP4_BRANDS = new Set([
  "isom",
  "iso2",
  "iso3",
  "iso4",
  "iso5",
  "iso6",
  "iso7",
  "iso8",
  "iso9",
  "mp41",
  "mp42",
  "mp71",
  "avc1",
  "dash",
  "M4V ",
  "M4VH",
  "M4VP",
  "mmp4",
  "MSNV",
  "f4v ",
]);
/** Same container, not a video: still images (HEIF, AVIF), audio, QuickTime, JPEG 2000. */
const NOT_VIDEO_BRANDS = new Set([
  "heic",
  "heix",
  "heim",
  "heis",
  "hevc",
  "hevx",
  "mif1",
  "msf1",
  "avif",
  "avis",
  "M4A ",
  "M4B ",
  "M4P ",
  "F4A ",
  "F4B ",
  "qt  ",
  "crx ",
  "jp2 ",
  "jpx ",
]);

function isMp4(head: Uint8Array): boolean {
  if (ascii(head, 4, 8) !== "ftyp") return false;
  const boxSize = u32(head, 0);
  if (boxSize < 16) return false;
  const major = ascii(head, 8, 12);
  if (NOT_VIDEO_BRANDS.has(major)) return false;
  if (MP4_BRANDS.has(major)) return true;
  // A major brand we do not know: accept when a compatible brand (after the minor version) is one.
  for (let at = 16; at + 4 <= Math.min(boxSize, head.length); at += 4) {
    if (MP4_BRANDS.has(ascii(head, at, at + 4))) return true;
  }
  return false;
}

/** An EBML variable-length integer at `at`: its value (marker kept for ids), length, and "unknown size". */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean) {
  const first = bytes[at];
  if (first === undefined || first === 0) return undefined;
  let length = 1;
  let mask = 0x80;
  while (!(first & mask)) {
    mask >>= 1;
    length += 1;
  }
  if (at + length > bytes.length) return undefined;
  let value = keepMarker ? first : first & (mask - 1);
  let allOnes = (first & (mask - 1)) === mask - 1;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const EBML_DOCTYPE = 0x4282;

/** A WebM file: an EBML header whose DocType is "webm" (Matroska's .mkv has the same magic). */
function isWebm(head: Uint8Array): boolean {
  if (!startsWith(head, EBML_MAGIC)) return false;
  const size = vint(head, 4, false);
  if (!size || size.unknown) return false;
  let at = 4 + size.length;
  const end = Math.min(at + size.value, head.length);
  while (at < end) {
    const id = vint(head, at, true);
    if (!id) return false;
    const len = vint(head, at + id.length, false);
    if (!len || len.unknown) return false;
    const data = at + id.length + len.length;
    if (id.value === EBML_DOCTYPE) return ascii(head, data, data + len.value) === "webm";
    at = data + len.value;
  }
  return false;
}

/**
 * The type of a file of this kind from its first bytes (SNIFF_BYTES of them, or the whole file
 * when shorter): MP4 (an `ftyp` box of a video brand) or WebM for videos; PNG, JPEG or WebP for
 * covers. Null for anything else.
 */
export function sniffMedia(kind: MediaKind, head: Uint8Array): MediaType | null {
  if (kind === "resource") return sniffResource(head);
  if (kind === "video") {
    if (isMp4(head)) return MEDIA_TYPES.mp4;
    if (isWebm(head)) return MEDIA_TYPES.webm;
    return null;
  }
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return MEDIA_TYPES.png;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return MEDIA_TYPES.jpg;
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return MEDIA_TYPES.webp;
  return null;
}

/**
 * A lesson's resource: a PDF, a ZIP archive, or text (notes, source files) — UTF-8 without NUL or
 * control characters but tab and line ends, as far as the first bytes show. Whatever it is, it is
 * served as a download (Content-Disposition: attachment, nosniff), never shown in the site's origin.
 */
function sniffResource(head: Uint8Array): MediaType | null {
  if (ascii(head, 0, 5) === "%PDF-") return MEDIA_TYPES.pdf;
  // A local file header, or the end record of an empty archive.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return MEDIA_TYPES.zip;
  if (head.length === 0 || head.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || head.includes(0x7f))
    return null;
  // The first bytes may end inside a character: decode what is whole.
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head.subarray(0, wholeCharacters(head)));
  } catch {
    return null;
  }
  return MEDIA_TYPES.txt;
}

/** How many of these bytes end on a character boundary of UTF-8 (a sequence cut at the end left out). */
function wholeCharacters(bytes: Uint8Array): number {
  let end = bytes.length;
  // At most 3 trailing bytes can belong to an unfinished sequence.
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = bytes[end - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? end - back : end;
  }
  return end;
}

/** Up to `length` bytes of the file from `position` (fewer at its end). */
export type ReadAt = (position: number, length: number) => Promise<Uint8Array>;

/** Enough for any real file's top-level boxes; a crafted file cannot make us read forever. */
const MAX_BOXES = 10_000;

interface Box {
  type: string;
  start: number;
  dataStart: number;
  end: number;
}

/** The first box of this type between start and end (a box list: the file, or a box's data). */
async function findBox(readAt: ReadAt, start: number, end: number, type: string): Promise<Box | undefined> {
  let at = start;
  for (let count = 0; at + 8 <= end && count < MAX_BOXES; count++) {
    const header = await readAt(at, 16);
    if (header.length < 8) return undefined;
    let size = u32(header, 0);
    let headerSize = 8;
    if (size === 1) {
      if (header.length < 16) return undefined;
      size = Number(new DataView(header.buffer, header.byteOffset, header.byteLength).getBigUint64(8));
      headerSize = 16;
    } else if (size === 0) {
      size = end - at; // the box runs to the end
    }
    if (size < headerSize || at + size > end) return undefined;
    const boxType = ascii(header, 4, 8);
    if (boxType === type) return { type: boxType, start: at, dataStart: at + headerSize, end: at + size };
    at += size;
  }
  return undefined;
}

/**
 * An MP4's duration in seconds, from the movie header (moov/mvhd: duration ÷ timescale), walking
 * the boxes with positioned reads (moov may come after the media data, at the end); undefined
 * when there is none or it says "unknown".
 */
export async function mp4DurationSeconds(readAt: ReadAt, size: number): Promise<number | undefined> {
  const moov = await findBox(readAt, 0, size, "moov");
  if (!moov) return undefined;
  const mvhd = await findBox(readAt, moov.dataStart, moov.end, "mvhd");
  if (!mvhd) return undefined;
  const body = await readAt(mvhd.dataStart, 32);
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const version = body[0];
  let timescale: number;
  let duration: number;
  if (version === 0 && body.length >= 20 && mvhd.end - mvhd.dataStart >= 20) {
    timescale = view.getUint32(12);
    duration = view.getUint32(16);
    if (duration === 0xffffffff) return undefined;
  } else if (version === 1 && body.length >= 32 && mvhd.end - mvhd.dataStart >= 32) {
    timescale = view.getUint32(20);
    const long = view.getBigUint64(24);
    if (long === 0xffffffffffffffffn) return undefined;
    duration = Number(long);
  } else {
    return undefined;
  }
  if (timescale === 0 || duration === 0) return undefined;
  return duration / timescale;
}

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const CLUSTER = 0x1f43b675;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const MAX_ELEMENTS = 256;

interface Element {
  id: number;
  dataStart: number;
  /** undefined: unknown size (a live recording's segment or cluster). */
  size: number | undefined;
}

async function readElement(readAt: ReadAt, at: number): Promise<Element | undefined> {
  const bytes = await readAt(at, 12);
  const id = vint(bytes, 0, true);
  if (!id || id.length > 4) return undefined;
  const size = vint(bytes, id.length, false);
  if (!size) return undefined;
  return { id: id.value, dataStart: at + id.length + size.length, size: size.unknown ? undefined : size.value };
}

/**
 * A WebM's duration in seconds, from Segment/Info (Duration × TimecodeScale), which comes before
 * the first cluster; undefined when the file does not say (recordings made in a browser often
 * do not).
 */
export async function webmDurationSeconds(readAt: ReadAt, size: number): Promise<number | undefined> {
  const header = await readElement(readAt, 0);
  if (header?.id !== EBML_HEADER || header.size === undefined) return undefined;
  const segment = await readElement(readAt, header.dataStart + header.size);
  if (segment?.id !== SEGMENT) return undefined;
  const segmentEnd = segment.size === undefined ? size : Math.min(size, segment.dataStart + segment.size);
  let at = segment.dataStart;
  for (let count = 0; at < segmentEnd && count < MAX_ELEMENTS; count++) {
    const element = await readElement(readAt, at);
    if (!element || element.size === undefined || element.id === CLUSTER) return undefined;
    if (element.id === INFO) return infoDuration(readAt, element.dataStart, element.dataStart + element.size);
    at = element.dataStart + element.size;
  }
  return undefined;
}

async function infoDuration(readAt: ReadAt, start: number, end: number): Promise<number | undefined> {
  let scale = 1_000_000; // nanoseconds per tick, Matroska's default
  let ticks: number | undefined;
  let at = start;
  for (let count = 0; at < end && count < MAX_ELEMENTS; count++) {
    const element = await readElement(readAt, at);
    if (!element || element.size === undefined) return undefined;
    if (element.id === TIMECODE_SCALE || element.id === DURATION) {
      const data = await readAt(element.dataStart, element.size);
      if (data.length !== element.size) return undefined;
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
      if (element.id === DURATION) {
        if (element.size === 4) ticks = view.getFloat32(0);
        else if (element.size === 8) ticks = view.getFloat64(0);
      } else if (element.size >= 1 && element.size <= 6) {
        scale = data.reduce((value, byte) => value * 256 + byte, 0);
      }
    }
    at = element.dataStart + element.size;
  }
  if (ticks === undefined || !Number.isFinite(ticks) || ticks <= 0 || scale <= 0) return undefined;
  return (ticks * scale) / 1e9;
}
