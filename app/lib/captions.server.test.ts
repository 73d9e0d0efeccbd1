import { describe, expect, it } from "vitest";
import { CAPTIONS_MAX_BYTES, parseCaptions, toVtt, vttTime } from "./captions.server";

const bytes = (text: string) => new TextEncoder().encode(text);

const VTT = `WEBVTT

00:00.000 --> 00:02.500
Hello and welcome.

intro-2
00:02.500 --> 00:05.000 align:start
<v Dana>שלום, והפעם על \`useState\`.</v>
`;

describe("captions files", () => {
  it("reads WebVTT, keeping each cue's times and text, and writes it back as plain WebVTT", async () => {
    expect(await parseCaptions(bytes(VTT))).toEqual({
      ok: true,
      format: "vtt",
      cues: [
        { start: 0, end: 2.5, text: "Hello and welcome." },
        { start: 2.5, end: 5, text: "<v Dana>שלום, והפעם על `useState`.</v>" },
      ],
      vtt: "WEBVTT\n\n00:00:00.000 --> 00:00:02.500\nHello and welcome.\n\n00:00:02.500 --> 00:00:05.000\n<v Dana>שלום, והפעם על `useState`.</v>\n",
    });
  });

  it("converts SRT, with Windows line ends and a byte-order mark", async () => {
    const srt =
      "\uFEFF1\r\n00:00:01,000 --> 00:00:03,250\r\nFirst line\r\nsecond line\r\n\r\n2\r\n01:00:00,000 --> 01:00:02,000\r\nLater\r\n";
    const parsed = await parseCaptions(bytes(srt));
    expect(parsed).toMatchObject({
      ok: true,
      format: "srt",
      cues: [
        { start: 1, end: 3.25, text: "First line\nsecond line" },
        { start: 3600, end: 3602, text: "Later" },
      ],
    });
    // What is stored reads back the same.
    if (parsed.ok) expect(await parseCaptions(bytes(parsed.vtt))).toMatchObject({ ok: true, cues: parsed.cues });
  });

  it("refuses a broken file with the line and the reason, including what the parser passes over in silence", async () => {
    const cases: [string, string | Uint8Array, { problem: string; line: number }][] = [
      ["a bad time", "WEBVTT\n\n00:00.000 --> 00:0x.000\nHello\n", { problem: "timing", line: 3 }],
      [
        "a mistyped arrow",
        "WEBVTT\n\n00:00.000 --> 00:01.000\nOne\n\n00:02.500 -> 00:04.000\nTwo\n",
        { problem: "timing", line: 6 },
      ],
      [
        "a cue ending before it starts",
        "WEBVTT\n\n00:04.000 --> 00:02.000\nBackwards\n",
        { problem: "order", line: 3 },
      ],
      [
        "an unknown setting value",
        "WEBVTT\n\n00:00.000 --> 00:02.000 align:middle\nx\n",
        { problem: "setting", line: 3 },
      ],
      ["WebVTT without its header", "00:00.000 --> 00:02.000\nHello\n", { problem: "header", line: 1 }],
      ["no cue at all", "WEBVTT\n\nNOTE nothing here yet\n", { problem: "empty", line: 1 }],
      ["an empty file", "", { problem: "empty", line: 1 }],
      ["a text that is no captions", "Dear teacher,\nhere are my notes.\n", { problem: "notCaptions", line: 1 }],
      [
        "a picture",
        new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe]),
        { problem: "notText", line: 1 },
      ],
      ["too large", "WEBVTT\n\n" + "x".repeat(CAPTIONS_MAX_BYTES), { problem: "tooBig", line: 1 }],
    ];
    for (const [name, input, expected] of cases)
      expect(await parseCaptions(typeof input === "string" ? bytes(input) : input), name).toEqual({
        ok: false,
        ...expected,
      });
  });

  it("writes times as WebVTT's hours, minutes, seconds and milliseconds", () => {
    expect([0, 2.5, 61.25, 3723.5, 0.0004].map(vttTime)).toEqual([
      "00:00:00.000",
      "00:00:02.500",
      "00:01:01.250",
      "01:02:03.500",
      "00:00:00.000",
    ]);
    expect(toVtt([])).toBe("WEBVTT\n\n\n");
  });
});
