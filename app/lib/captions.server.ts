import { ParseError, parseText } from "media-captions";

/**
 * A captions file a teacher uploads for a lesson (issue 32): WebVTT, or SRT converted to it. Read with
 * media-captions (Vidstack's parser, strict mode), then checked for what that parser passes over in
 * silence: a BOM before the header, a timing line it could not read ("->" for "-->", a cue that ends
 * before it starts) is dropped without an error. A file with a problem is refused with the line and
 * the reason, for a translated message; a good one is written back as plain WebVTT, which is what
 * the site stores and serves.
 */

/** Larger than any lesson's captions (an hour of speech is about 60 kB). */
export const CAPTIONS_MAX_BYTES = 512 * 1024;
export const CAPTIONS_MAX_CUES = 5000;

export type CaptionsProblem =
  /** Not UTF-8 text (or binary). */
  | "notText"
  /** Neither WebVTT nor SRT. */
  | "notCaptions"
  /** WebVTT without its "WEBVTT" first line. */
  | "header"
  /** A timing line that cannot be read. */
  | "timing"
  /** A cue that ends before it starts (or when it starts). */
  | "order"
  /** A cue setting WebVTT does not have, or a value it does not take. */
  | "setting"
  /** A block that is not WebVTT. */
  | "format"
  /** No cue at all. */
  | "empty"
  | "tooBig"
  | "tooMany";

export interface Cue {
  /** Seconds. */
  start: number;
  end: number;
  /** The cue's text as written (WebVTT tags such as <i> or <v Name> kept). */
  text: string;
}

export type ParsedCaptions =
  { ok: true; format: "vtt" | "srt"; cues: Cue[]; vtt: string } | { ok: false; problem: CaptionsProblem; line: number };

const refuse = (problem: CaptionsProblem, line = 1): ParsedCaptions => ({ ok: false, problem, line });

/** A timing line: "start --> end", with anything after (cue settings). */
const TIMING = /-->/;
/** What a timing line was meant to be: two times joined by an arrow, which may be mistyped. */
const TIMING_LIKE = /\d\d[.,]\d{3}\s*[-=]*>|\d\d[.,]\d{3}\s+-+\s/;

export async function parseCaptions(bytes: Uint8Array): Promise<ParsedCaptions> {
  if (bytes.byteLength > CAPTIONS_MAX_BYTES) return refuse("tooBig");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refuse("notText");
  }
  if (text.includes("\u0000")) return refuse("notText");
  text = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const lines = text.split("\n");

  const format = formatOf(lines);
  if (!format) return text.match(TIMING) ? refuse("header") : refuse(text.trim() === "" ? "empty" : "notCaptions");

  let cues: Cue[];
  try {
    const parsed = await parseText(text, { type: format, strict: true });
    cues = parsed.cues.map((cue) => ({ start: cue.startTime, end: cue.endTime, text: cue.text.trim() }));
  } catch (error) {
    if (error instanceof ParseError) return refuse(PROBLEM_OF_CODE[error.code] ?? "format", error.line);
    throw error;
  }

  // What strict mode lets through: each timing line must have become a cue, in order.
  let next = 0;
  for (const [index, line] of lines.entries()) {
    if (!TIMING.test(line)) {
      if (TIMING_LIKE.test(line)) return refuse("timing", index + 1);
      continue;
    }
    const [start, end] = line.split("-->").map((part) => secondsOf(part));
    const cue = cues[next];
    if (start === undefined || end === undefined) return refuse("timing", index + 1);
    if (end <= start) return refuse("order", index + 1);
    if (!cue || Math.abs(cue.start - start) > 0.0005) return refuse("timing", index + 1);
    next += 1;
  }
  if (cues.length === 0) return refuse("empty");
  if (cues.length > CAPTIONS_MAX_CUES) return refuse("tooMany");
  return { ok: true, format, cues, vtt: toVtt(cues) };
}

const PROBLEM_OF_CODE: Record<number, CaptionsProblem> = {
  1: "header", // BadSignature
  2: "timing", // BadTimestamp
  3: "setting", // BadSettingValue
  4: "format", // BadFormat
  5: "setting", // UnknownSetting
};

/** "vtt" when the file starts with the WebVTT header, "srt" when it starts as SRT does (a number, then a timing line). */
function formatOf(lines: string[]): "vtt" | "srt" | undefined {
  const first = lines.findIndex((line) => line.trim() !== "");
  if (first === -1) return undefined;
  if (/^WEBVTT(?:[ \t].*)?$/.test(lines[first]!)) return "vtt";
  if (/^\d+\s*$/.test(lines[first]!) && TIMING.test(lines[first + 1] ?? "")) return "srt";
  return undefined;
}

/** Seconds of a WebVTT (00:01.500, 01:02:03.500) or SRT (01:02:03,500) time, at the start of `text`. */
function secondsOf(text: string): number | undefined {
  const match = /^\s*(?:(\d+):)?(\d{2}):(\d{2})[.,](\d{3})/.exec(text);
  if (!match) return undefined;
  const [, hours = "0", minutes, seconds, millis] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds) + Number(millis) / 1000;
}

/** 3723.5 → "01:02:03.500". */
export function vttTime(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(Math.floor(millis / 3_600_000))}:${pad(Math.floor(millis / 60_000) % 60)}:${pad(Math.floor(millis / 1000) % 60)}.${pad(millis % 1000, 3)}`;
}

/** The cues as a WebVTT file: the header, then each cue's times and text. */
export function toVtt(cues: readonly Cue[]): string {
  return `WEBVTT\n\n${cues.map((cue) => `${vttTime(cue.start)} --> ${vttTime(cue.end)}\n${cue.text}`).join("\n\n")}\n`;
}
