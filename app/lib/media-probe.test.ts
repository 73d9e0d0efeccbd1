import { describe, expect, it } from "vitest";
import {
  bundledMp4,
  moveMoovToEnd,
  tinyJpeg,
  tinyMp4,
  tinyPng,
  tinyWebm,
  tinyWebp,
} from "../../tests/support/media-fixtures.ts";
import {
  mediaTypeOfFile,
  mp4DurationSeconds,
  type ReadAt,
  sniffMedia,
  SNIFF_BYTES,
  webmDurationSeconds,
} from "./media-probe";

/** Positioned reads over a buffer, counting the bytes read (the probe must not read the file). */
function reader(bytes: Buffer) {
  const stats = { bytesRead: 0, reads: 0 };
  const readAt: ReadAt = async (position, length) => {
    const chunk = bytes.subarray(position, Math.min(bytes.length, position + length));
    stats.bytesRead += chunk.length;
    stats.reads += 1;
    return chunk;
  };
  return { readAt, stats, size: bytes.length };
}

const head = (bytes: Buffer) => bytes.subarray(0, SNIFF_BYTES);

describe("sniffMedia", () => {
  it("knows MP4 and WebM videos from their first bytes", () => {
    expect(sniffMedia("video", head(tinyMp4()))?.ext).toBe("mp4");
    expect(sniffMedia("video", head(tinyMp4({ majorBrand: "mp42" })))?.contentType).toBe("video/mp4");
    expect(sniffMedia("video", head(bundledMp4("lesson")))?.ext).toBe("mp4");
    // An unknown major brand with a video brand among the compatible ones.
    expect(sniffMedia("video", head(tinyMp4({ majorBrand: "abcd" })))?.ext).toBe("mp4");
    expect(sniffMedia("video", head(tinyWebm()))).toEqual({ ext: "webm", contentType: "video/webm" });
  });

  it("refuses look-alikes: images and audio in the MP4 container, Matroska, other files", () => {
    for (const [name, bytes] of [
      ["HEIC still image", tinyMp4({ majorBrand: "heic" })],
      ["AVIF image", tinyMp4({ majorBrand: "avif" })],
      ["M4A audio", tinyMp4({ majorBrand: "M4A " })],
      ["QuickTime", tinyMp4({ majorBrand: "qt  " })],
      ["Matroska", tinyWebm({ docType: "matroska" })],
      ["PNG", tinyPng()],
      ["text", Buffer.from("<html><script>alert(1)</script></html>")],
      ["ftyp too early", Buffer.from("ftypisom\0\0\0\0isommp42")],
      ["empty", Buffer.alloc(0)],
      ["EBML magic only", Buffer.from([0x1a, 0x45, 0xdf, 0xa3])],
    ] as const) {
      expect(sniffMedia("video", head(Buffer.from(bytes))), name).toBeNull();
    }
  });

  it("knows PNG, JPEG and WebP covers, and nothing else", () => {
    expect(sniffMedia("cover", tinyPng())?.ext).toBe("png");
    expect(sniffMedia("cover", tinyJpeg())).toEqual({ ext: "jpg", contentType: "image/jpeg" });
    expect(sniffMedia("cover", tinyWebp())?.ext).toBe("webp");
    for (const bytes of [
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      Buffer.from("GIF89a\x01\x00\x01\x00"),
      Buffer.from("RIFF\x10\x00\x00\x00WAVEfmt "),
      tinyMp4(),
      Buffer.from([0xff, 0xd8]),
    ]) {
      expect(sniffMedia("cover", bytes)).toBeNull();
    }
  });
});

describe("mediaTypeOfFile", () => {
  it("types stored names by kind and extension", () => {
    expect(mediaTypeOfFile("video", "abc.webm")?.contentType).toBe("video/webm");
    expect(mediaTypeOfFile("video", "abc.mp4")?.contentType).toBe("video/mp4");
    expect(mediaTypeOfFile("cover", "abc.jpg")?.contentType).toBe("image/jpeg");
    expect(mediaTypeOfFile("cover", "abc.mp4")).toBeUndefined();
    expect(mediaTypeOfFile("video", "abc.png")).toBeUndefined();
    expect(mediaTypeOfFile("video", "abc.MP4")).toBeUndefined();
  });
});

describe("mp4DurationSeconds", () => {
  it("reads the movie header of real files", async () => {
    for (const [name, seconds] of [
      ["about", 10],
      ["lesson", 12],
    ] as const) {
      const r = reader(bundledMp4(name));
      expect(await mp4DurationSeconds(r.readAt, r.size)).toBe(seconds);
    }
  });

  it("finds the movie header after the media data with a few small reads", async () => {
    const moved = moveMoovToEnd(bundledMp4("lesson"));
    expect(moved.subarray(moved.length - 10432, moved.length - 10424).toString("latin1", 4)).toBe("moov");
    const r = reader(moved);
    expect(await mp4DurationSeconds(r.readAt, r.size)).toBe(12);
    expect(r.stats.bytesRead).toBeLessThan(200);

    const big = reader(tinyMp4({ seconds: 7.5, moovAtEnd: true, mdatBytes: 3_000_000 }));
    expect(await mp4DurationSeconds(big.readAt, big.size)).toBe(7.5);
    expect(big.stats.bytesRead).toBeLessThan(200);
  });

  it("reads version 1 headers, 64-bit box sizes and other timescales", async () => {
    const v1 = reader(tinyMp4({ seconds: 90, version: 1, timescale: 90_000, moovAtEnd: true, largeMdat: true }));
    expect(await mp4DurationSeconds(v1.readAt, v1.size)).toBe(90);
    const odd = reader(tinyMp4({ seconds: 61.25, timescale: 600 }));
    expect(await mp4DurationSeconds(odd.readAt, odd.size)).toBe(61.25);
  });

  it("says nothing for files without a usable header, truncated or garbled", async () => {
    const full = tinyMp4({ moovAtEnd: true });
    for (const [name, bytes] of [
      ["no mvhd", tinyMp4({ noMvhd: true })],
      ["zero duration", tinyMp4({ seconds: 0 })],
      ["truncated before moov", full.subarray(0, full.length - 50)],
      ["webm", tinyWebm()],
      ["garbage", Buffer.alloc(5000, 0xff)],
      ["box size smaller than its header", Buffer.from([0, 0, 0, 4, 0x6d, 0x6f, 0x6f, 0x76])],
      ["empty", Buffer.alloc(0)],
    ] as const) {
      const r = reader(Buffer.from(bytes));
      expect(await mp4DurationSeconds(r.readAt, r.size), name).toBeUndefined();
    }
  });

  it("stops on a file of countless empty boxes", async () => {
    const many = Buffer.concat(Array.from({ length: 20_000 }, () => Buffer.from([0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65])));
    const r = reader(many);
    expect(await mp4DurationSeconds(r.readAt, r.size)).toBeUndefined();
    expect(r.stats.reads).toBeLessThanOrEqual(10_000);
  });
});

describe("webmDurationSeconds", () => {
  it("reads Segment/Info/Duration with its TimecodeScale", async () => {
    for (const [options, seconds] of [
      [{ durationMs: 2500 }, 2.5],
      [{ durationMs: 2500, float32: true }, 2.5],
      [{ durationMs: 90_000, timecodeScale: 1_000 }, 90],
      [{ durationMs: 4000, unknownSegmentSize: true }, 4],
    ] as const) {
      const r = reader(tinyWebm(options));
      expect(await webmDurationSeconds(r.readAt, r.size), JSON.stringify(options)).toBeCloseTo(seconds, 6);
    }
  });

  it("says nothing when the file does not (a browser recording) or is not WebM", async () => {
    for (const bytes of [tinyWebm({ durationMs: null }), tinyMp4(), Buffer.alloc(100), Buffer.alloc(0)]) {
      const r = reader(bytes);
      expect(await webmDurationSeconds(r.readAt, r.size)).toBeUndefined();
    }
  });
});
