// `npm run demo-media`: makes demo mode's playable lessons (content/demo-media/, decision 0044) from the
// slides and narration in content/demo-media/lessons.ts, with Debian's tools only:
//   apt-get install -y espeak-ng librsvg2-bin ffmpeg fonts-dejavu-core
// Each slide is an SVG drawn here and turned into a PNG by rsvg-convert; each sentence is spoken by
// espeak-ng into a WAV of its own, so its start and end in the lesson are known to the sample and the
// captions (English and Hebrew) are timed from them; ffmpeg joins the slides and the speech into an
// MP4 (H.264 and AAC, which every browser plays). The same tools at the same versions make the same
// bytes (one encoder thread, no time stamps in the files). Writes, beside lessons.ts:
// <slug>.mp4, <slug>.en.vtt, <slug>.he.vtt for each lesson, and the resource.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
  DEMO_LIST,
  demoLessons,
  demoResource,
  demoResourceText,
  type DemoLesson,
  type DemoSentence,
  type DemoSlide,
} from "../../content/demo-media/lessons.ts";

const OUT = resolve(import.meta.dirname, "../../content/demo-media");
const WIDTH = 1280;
const HEIGHT = 720;
/** Slides do not move: few frames a second, and a key frame where each slide starts (seeking stays quick). */
const FPS = 10;
/** espeak-ng's own rate: 16-bit mono samples. */
const RATE = 22050;
/** Silence before a slide's first sentence, between sentences, and after the lesson's last one. */
const LEAD = 0.5;
const GAP = 0.45;
const TAIL = 1.0;

// The site's colours (app/app.css): brand-950/800/700/600/100, ink-900/700/500/400/50.
const BRAND_950 = "#083344";
const BRAND_800 = "#155e75";
const BRAND_700 = "#0e7490";
const BRAND_600 = "#0891b2";
const BRAND_100 = "#cffafe";
const INK_900 = "#0f172a";
const INK_700 = "#334155";
const INK_500 = "#64748b";
const INK_400 = "#94a3b8";
const INK_50 = "#f8fafc";
const SANS = "DejaVu Sans";
const MONO = "DejaVu Sans Mono";

function run(command: string, args: string[], input?: string): Buffer {
  const result = spawnSync(command, args, { input, maxBuffer: 64 * 1024 * 1024 });
  if (result.error) {
    const missing = (result.error as NodeJS.ErrnoException).code === "ENOENT";
    throw new Error(
      missing
        ? `${command} is missing: apt-get install -y espeak-ng librsvg2-bin ffmpeg fonts-dejavu-core`
        : String(result.error),
    );
  }
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${result.stderr.toString()}`);
  return result.stdout;
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function text(x: number, y: number, size: number, fill: string, content: string, extra = ""): string {
  return `<text x="${x}" y="${y}" font-family="${SANS}" font-size="${size}" fill="${fill}" ${extra}>${escapeXml(content)}</text>`;
}

/** A code line: the code in the light colour, a `//` comment after it in grey. */
function codeLine(x: number, y: number, line: string): string {
  const comment = line.indexOf("//");
  const code = comment === -1 ? line : line.slice(0, comment);
  const rest = comment === -1 ? "" : line.slice(comment);
  return (
    `<text x="${x}" y="${y}" font-family="${MONO}" font-size="30" xml:space="preserve">` +
    `<tspan fill="${BRAND_100}">${escapeXml(code)}</tspan><tspan fill="${INK_400}">${escapeXml(rest)}</tspan></text>`
  );
}

function slideSvg(slide: DemoSlide, lessonNumber: number): string {
  const parts: string[] = [];
  if (slide.subheading) {
    // A title slide: the site's hero gradient, the title in white.
    parts.push(
      `<defs><linearGradient id="hero" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BRAND_950}"/>` +
        `<stop offset="0.6" stop-color="${BRAND_800}"/><stop offset="1" stop-color="${BRAND_700}"/></linearGradient></defs>`,
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#hero)"/>`,
      text(96, 128, 40, "#ffffff", "Lomda", 'font-weight="bold"'),
      text(96, 340, 60, "#ffffff", slide.heading, 'font-weight="bold"'),
      text(96, 410, 30, BRAND_100, slide.subheading),
      text(96, 640, 22, BRAND_100, "A sample lesson of Lomda's demo: slides and a synthetic voice"),
    );
  } else {
    parts.push(
      `<rect width="${WIDTH}" height="${HEIGHT}" fill="${INK_50}"/>`,
      `<rect width="${WIDTH}" height="84" fill="${BRAND_800}"/>`,
      text(64, 54, 26, "#ffffff", `JavaScript · lesson ${lessonNumber}`),
      text(WIDTH - 64, 54, 26, BRAND_100, "Lomda", 'font-weight="bold" text-anchor="end"'),
      text(64, 186, 52, INK_900, slide.heading, 'font-weight="bold"'),
    );
    let y = 270;
    for (const bullet of slide.bullets ?? []) {
      parts.push(`<circle cx="82" cy="${y - 12}" r="8" fill="${BRAND_600}"/>`, text(110, y, 36, INK_700, bullet));
      y += 60;
    }
    if (slide.code) {
      const top = slide.bullets ? y + 4 : y - 30;
      const height = slide.code.length * 48 + 44;
      parts.push(`<rect x="64" y="${top}" width="${WIDTH - 128}" height="${height}" rx="14" fill="${INK_900}"/>`);
      slide.code.forEach((line, i) => parts.push(codeLine(104, top + 62 + i * 48, line)));
    }
    parts.push(text(WIDTH - 64, HEIGHT - 36, 20, INK_500, "Sample lesson · synthetic voice", 'text-anchor="end"'));
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${parts.join("")}</svg>\n`;
}

/** What the voice reads: `say`, or the English caption without its backticks. */
const spoken = (sentence: DemoSentence) => sentence.say ?? sentence.en.replace(/`/g, "");

/** The samples of espeak-ng's WAV (16-bit mono at RATE): the data chunk, found by walking the chunks. */
function speak(words: string, file: string): Int16Array {
  run("espeak-ng", ["-v", "en-us", "-s", "150", "-w", file, "--", words]);
  const wav = readFileSync(file);
  if (wav.readUInt32LE(24) !== RATE || wav.readUInt16LE(22) !== 1 || wav.readUInt16LE(34) !== 16)
    throw new Error(`${file}: espeak-ng did not write 16-bit mono at ${RATE} Hz`);
  for (let at = 12; at + 8 <= wav.length;) {
    const size = wav.readUInt32LE(at + 4);
    if (wav.toString("latin1", at, at + 4) === "data") {
      // espeak-ng writes the WAV as it speaks: a size it could not fill in reads as 0 or too large.
      const end = size === 0 || at + 8 + size > wav.length ? wav.length : at + 8 + size;
      const data = wav.subarray(at + 8, end - ((end - at - 8) % 2));
      return new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length));
    }
    at += 8 + size + (size % 2);
  }
  throw new Error(`${file}: no data chunk`);
}

function wavFile(samples: Int16Array): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "latin1");
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write("WAVEfmt ", 8, "latin1");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36, "latin1");
  header.writeUInt32LE(samples.byteLength, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]);
}

interface Cue {
  start: number;
  end: number;
  sentence: DemoSentence;
}

function clock(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/**
 * A caption longer than a short line is cut in two at the space nearest its middle, never inside code
 * (between backticks) nor right before it: a Hebrew line that began with code would be read left to
 * right by the browser's caption display, which takes a line's direction from its first letter.
 */
function lines(caption: string): string {
  if (caption.length <= 44) return caption;
  const middle = caption.length / 2;
  let best = -1;
  let inCode = false;
  for (let i = 0; i < caption.length; i++) {
    if (caption[i] === "`") inCode = !inCode;
    else if (caption[i] === " " && !inCode && caption[i + 1] !== "`" && caption[i + 1] !== "(") {
      if (best === -1 || Math.abs(i - middle) < Math.abs(best - middle)) best = i;
    }
  }
  return best === -1 ? caption : `${caption.slice(0, best)}\n${caption.slice(best + 1)}`;
}

/**
 * A Hebrew caption for the browser's own caption display, which takes a line's direction from its
 * first letter: each line starts with a right-to-left mark (U+200F), so "JavaScript רצה…" reads right
 * to left, and the code inside backticks is wrapped in a left-to-right isolate (U+2066 … U+2069), so
 * `"7" + 3` keeps its order inside the line. The transcript shows the backticked span as code, left
 * to right, either way.
 */
const hebrew = (caption: string) =>
  lines(caption.replace(/`([^`]+)`/g, "`\u2066$1\u2069`"))
    .split("\n")
    .map((line) => `\u200f${line}`)
    .join("\n");

function vtt(cues: Cue[], language: "en" | "he"): string {
  const blocks = cues.map(({ start, end, sentence }) => {
    const caption = language === "en" ? lines(sentence.en) : hebrew(sentence.he);
    return `${clock(start)} --> ${clock(end)}\n${caption}`;
  });
  return `WEBVTT\n\n${blocks.join("\n\n")}\n`;
}

function makeLesson(lesson: DemoLesson, lessonNumber: number, work: string): { seconds: number; bytes: number } {
  const samples: Int16Array[] = [];
  let length = 0;
  const silence = (seconds: number) => {
    const count = Math.round(seconds * RATE);
    samples.push(new Int16Array(count));
    length += count;
  };
  const cues: Cue[] = [];
  const slides: { png: string; start: number; seconds: number }[] = [];
  lesson.slides.forEach((slide, index) => {
    const svg = join(work, `slide-${index}.svg`);
    const png = join(work, `slide-${index}.png`);
    writeFileSync(svg, slideSvg(slide, lessonNumber));
    run("rsvg-convert", ["--format=png", `--output=${png}`, svg]);
    const slideStart = length;
    silence(LEAD);
    slide.sentences.forEach((sentence, n) => {
      if (n > 0) silence(GAP);
      const speech = speak(spoken(sentence), join(work, `speech-${index}-${n}.wav`));
      cues.push({ start: length / RATE, end: (length + speech.length) / RATE, sentence });
      samples.push(speech);
      length += speech.length;
    });
    if (index === lesson.slides.length - 1) silence(TAIL);
    else silence(GAP);
    // Each slide lasts a whole number of frames: the pictures change exactly where the speech says.
    const frame = RATE / FPS;
    const frames = Math.ceil((length - slideStart) / frame);
    silence((slideStart + frames * frame - length) / RATE);
    slides.push({ png, start: slideStart / RATE, seconds: frames / FPS });
  });
  // A caption stays until the next one starts (the last one until the end): no blank moments between them.
  const seconds = length / RATE;
  cues.forEach((cue, i) => (cue.end = cues[i + 1]?.start ?? seconds));

  const audio = new Int16Array(length);
  let at = 0;
  for (const part of samples) {
    audio.set(part, at);
    at += part.length;
  }
  const wav = join(work, "speech.wav");
  writeFileSync(wav, wavFile(audio));

  const mp4 = join(OUT, `${lesson.slug}.mp4`);
  const inputs = slides.flatMap(({ png, seconds: span }) => [
    "-loop",
    "1",
    "-framerate",
    String(FPS),
    "-t",
    span.toFixed(3),
    "-i",
    png,
  ]);
  const joined = `${slides.map((_, i) => `[${i}:v]`).join("")}concat=n=${slides.length}:v=1:a=0,format=yuv420p[v]`;
  run("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...inputs,
    ...["-i", wav],
    ...["-filter_complex", joined, "-map", "[v]", "-map", `${slides.length}:a`],
    ...["-c:v", "libx264", "-preset", "veryslow", "-tune", "stillimage", "-crf", "30", "-threads", "1"],
    ...["-g", String(FPS * 120), "-force_key_frames", slides.map((s) => s.start.toFixed(3)).join(",")],
    ...["-c:a", "aac", "-b:a", "32k", "-ac", "1", "-ar", String(RATE)],
    ...["-t", seconds.toFixed(3), "-movflags", "+faststart", "-map_metadata", "-1"],
    ...["-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact"],
    mp4,
  ]);
  writeFileSync(join(OUT, `${lesson.slug}.en.vtt`), vtt(cues, "en"));
  writeFileSync(join(OUT, `${lesson.slug}.he.vtt`), vtt(cues, "he"));
  return { seconds, bytes: statSync(mp4).size };
}

const work = mkdtempSync(join(tmpdir(), "lomda-demo-media-"));
try {
  for (const [index, lesson] of demoLessons.entries()) {
    const { seconds, bytes } = makeLesson(lesson, index + 1, work);
    process.stdout.write(`${DEMO_LIST}/${lesson.slug}: ${seconds.toFixed(2)} s, ${Math.round(bytes / 1024)} kB\n`);
  }
  writeFileSync(join(OUT, demoResource.file), demoResourceText);
  process.stdout.write(`${demoResource.file} (downloads as ${demoResource.name})\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
