import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { crc32, deflateSync } from "node:zlib";

/**
 * Small media files for upload and probing tests, built byte by byte (no ffmpeg on these machines):
 * structurally valid containers whose headers say what the tests expect (type, duration, where the
 * movie header sits). The bundled media/videos/*.mp4 are real, playable files (about-lomda.mp4
 * lasts 10 s, lesson-sample.mp4 12 s).
 */

const ROOT = resolve(import.meta.dirname, "../..");
export const BUNDLED_MP4 = {
  about: { path: resolve(ROOT, "media/videos/about-lomda.mp4"), seconds: 10 },
  lesson: { path: resolve(ROOT, "media/videos/lesson-sample.mp4"), seconds: 12 },
};
export const bundledMp4 = (name: keyof typeof BUNDLED_MP4) => readFileSync(BUNDLED_MP4[name].path);

const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u64 = (n: number | bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};

/** An ISO base media box: 32-bit size, type, payload (or the 64-bit "largesize" form). */
export function box(type: string, payload: Buffer[] = [], large = false): Buffer {
  const body = Buffer.concat(payload);
  if (large) return Buffer.concat([u32(1), Buffer.from(type, "latin1"), u64(16 + body.length), body]);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, "latin1"), body]);
}

export interface Mp4Options {
  /** mvhd duration ÷ timescale. */
  seconds?: number;
  timescale?: number;
  /** mvhd version 1 (64-bit times). */
  version?: 0 | 1;
  /** The movie header after the media data, as a camera or a non-"faststart" encoder writes it. */
  moovAtEnd?: boolean;
  /** Media data length (zeros). */
  mdatBytes?: number;
  /** The media data box in the 64-bit size form. */
  largeMdat?: boolean;
  majorBrand?: string;
  /** Leave out the movie header (a fragment, or a broken file). */
  noMvhd?: boolean;
}

/** ftyp, moov (mvhd with the given duration, a track box stand-in), mdat — in either order. */
export function tinyMp4(options: Mp4Options = {}): Buffer {
  const { seconds = 3, timescale = 1000, version = 0, mdatBytes = 2048, majorBrand = "isom" } = options;
  const ticks = Math.round(seconds * timescale);
  const ftyp = box("ftyp", [Buffer.from(majorBrand, "latin1"), u32(512), Buffer.from("isomiso2avc1mp41", "latin1")]);
  const tail = Buffer.concat([
    u32(0x00010000), // rate 1.0
    u16(0x0100), // volume 1.0
    Buffer.alloc(10),
    ...[0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].map(u32), // unity matrix
    Buffer.alloc(24),
    u32(2), // next track id
  ]);
  const mvhd =
    version === 1
      ? box("mvhd", [Buffer.from([1, 0, 0, 0]), u64(0), u64(0), u32(timescale), u64(ticks), tail])
      : box("mvhd", [Buffer.from([0, 0, 0, 0]), u32(0), u32(0), u32(timescale), u32(ticks), tail]);
  const trak = box("trak", [box("tkhd", [Buffer.alloc(84)])]);
  const moov = box("moov", options.noMvhd ? [trak] : [mvhd, trak]);
  const mdat = box("mdat", [Buffer.alloc(mdatBytes, 0x42)], options.largeMdat);
  return options.moovAtEnd
    ? Buffer.concat([ftyp, box("free"), mdat, moov])
    : Buffer.concat([ftyp, moov, box("free"), mdat]);
}

/** A real MP4 with its movie header moved after the media data (not playable: offsets unchanged). */
export function moveMoovToEnd(mp4: Buffer): Buffer {
  const boxes: Buffer[] = [];
  for (let at = 0; at < mp4.length;) {
    const size = mp4.readUInt32BE(at);
    boxes.push(mp4.subarray(at, at + size));
    at += size;
  }
  const isMoov = (b: Buffer) => b.toString("latin1", 4, 8) === "moov";
  return Buffer.concat([...boxes.filter((b) => !isMoov(b)), ...boxes.filter(isMoov)]);
}

/** EBML: an element id (its bytes), a size (the shortest form, or 8 bytes / unknown) and data. */
function ebmlSize(n: number | "unknown", long = false): Buffer {
  if (n === "unknown") return Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  if (!long && n < 0x7f) return Buffer.from([0x80 | n]);
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  b[0] = 0x01;
  return b;
}
function el(id: number[], data: Buffer | Buffer[], size?: "unknown" | "long"): Buffer {
  const body = Buffer.isBuffer(data) ? data : Buffer.concat(data);
  return Buffer.concat([
    Buffer.from(id),
    ebmlSize(size === "unknown" ? "unknown" : body.length, size === "long"),
    body,
  ]);
}
const uint = (n: number) => {
  const bytes: number[] = [];
  for (let v = n; bytes.length === 0 || v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from(bytes);
};

export interface WebmOptions {
  /** Segment/Info/Duration in milliseconds (at the default TimecodeScale); omit with null. */
  durationMs?: number | null;
  /** Nanoseconds per tick (Matroska's default 1,000,000: ticks are milliseconds). */
  timecodeScale?: number;
  /** Duration as a 4-byte float. */
  float32?: boolean;
  docType?: string;
  /** A live recording's segment: unknown size. */
  unknownSegmentSize?: boolean;
}

/** EBML header (as ffmpeg writes it: 8-byte size), Segment with a Void, Info, Tracks stand-in and a Cluster. */
export function tinyWebm(options: WebmOptions = {}): Buffer {
  const { durationMs = 2500, timecodeScale = 1_000_000, docType = "webm" } = options;
  const header = el(
    [0x1a, 0x45, 0xdf, 0xa3],
    [
      el([0x42, 0x86], uint(1)), // EBMLVersion
      el([0x42, 0xf7], uint(1)), // EBMLReadVersion
      el([0x42, 0xf2], uint(4)), // EBMLMaxIDLength
      el([0x42, 0xf3], uint(8)), // EBMLMaxSizeLength
      el([0x42, 0x82], Buffer.from(docType, "latin1")), // DocType
      el([0x42, 0x87], uint(4)), // DocTypeVersion
      el([0x42, 0x85], uint(2)), // DocTypeReadVersion
    ],
    "long",
  );
  const ticks = durationMs === null ? null : (durationMs * 1_000_000) / timecodeScale;
  const duration = Buffer.alloc(options.float32 ? 4 : 8);
  if (ticks !== null) {
    if (options.float32) duration.writeFloatBE(ticks);
    else duration.writeDoubleBE(ticks);
  }
  const info = el(
    [0x15, 0x49, 0xa9, 0x66],
    [
      el([0x2a, 0xd7, 0xb1], uint(timecodeScale)),
      el([0x4d, 0x80], Buffer.from("lomda-tests")), // MuxingApp
      el([0x57, 0x41], Buffer.from("lomda-tests")), // WritingApp
      ...(ticks === null ? [] : [el([0x44, 0x89], duration)]),
    ],
  );
  const segment = el(
    [0x18, 0x53, 0x80, 0x67],
    [
      el([0xec], Buffer.alloc(24)), // Void (room a muxer keeps for a SeekHead)
      info,
      el([0x16, 0x54, 0xae, 0x6b], [el([0xae], [el([0xd7], uint(1)), el([0x83], uint(1))])]), // Tracks
      el([0x1f, 0x43, 0xb6, 0x75], [el([0xe7], uint(0)), el([0xa3], Buffer.alloc(512, 0x11))]), // Cluster
    ],
    options.unknownSegmentSize ? "unknown" : "long",
  );
  return Buffer.concat([header, segment]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  return Buffer.concat([u32(data.length), typed, u32(crc32(typed))]);
}

/** A real PNG (solid colour, RGB). */
export function tinyPng(width = 4, height = 4): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x7f)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  const ihdr = Buffer.concat([u32(width), u32(height), Buffer.from([8, 2, 0, 0, 0])]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(pixels)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A 1×1 greyscale baseline JPEG. */
export const tinyJpeg = () =>
  Buffer.from(
    "/9j/4AAQSkZJRgABAQEAYABgAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==",
    "base64",
  );

/** A 1×1 lossless WebP. */
export const tinyWebp = () => Buffer.from("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==", "base64");
