/**
 * Reads the WebVTT the site serves for captions (app/lib/captions.server.ts writes it: a header, then
 * blocks of "start --> end" and text) into lines for a transcript. Runs in the browser, so it is kept
 * to that one shape rather than a full parser; tags (<i>, <v Dana>) are dropped, entities decoded.
 */
export interface TranscriptCue {
  /** Seconds. */
  start: number;
  end: number;
  text: string;
}

const TIME = /(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})/;
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&nbsp;": "\u00a0",
  "&lrm;": "\u200e",
  "&rlm;": "\u200f",
};

function seconds(text: string): number | undefined {
  const match = TIME.exec(text);
  if (!match) return undefined;
  const [, hours = "0", minutes, secs, millis] = match;
  return Number(hours) * 3600 + Number(minutes) * 60 + Number(secs) + Number(millis) / 1000;
}

export function readVtt(vtt: string): TranscriptCue[] {
  const cues: TranscriptCue[] = [];
  for (const block of vtt.replace(/\r\n?/g, "\n").split(/\n{2,}/)) {
    const lines = block.split("\n");
    const timing = lines.findIndex((line) => line.includes("-->"));
    if (timing === -1) continue;
    const [from, to] = lines[timing]!.split("-->");
    const start = seconds(from ?? "");
    const end = seconds(to ?? "");
    if (start === undefined || end === undefined) continue;
    const text = lines
      .slice(timing + 1)
      .join(" ")
      .replace(/<[^>]*>/g, "")
      .replace(/&(?:amp|lt|gt|nbsp|lrm|rlm);/g, (entity) => ENTITIES[entity] ?? entity)
      .replace(/\s+/g, " ")
      .trim();
    if (text) cues.push({ start, end, text });
  }
  return cues;
}

/** The cue playing at `time`: the last that started at or before it and has not ended; -1 when none. */
export function cueAt(cues: readonly TranscriptCue[], time: number): number {
  for (let i = cues.length - 1; i >= 0; i--) if (cues[i]!.start <= time) return time < cues[i]!.end ? i : -1;
  return -1;
}
