import { describe, expect, it } from "vitest";
import { cueAt, readVtt } from "./vtt";

describe("the transcript's reading of served captions", () => {
  const vtt =
    "WEBVTT\n\n00:00:00.000 --> 00:00:02.500\n<v Dana>Hello &amp; welcome</v>\nto the course.\n\n01:00:02.500 --> 01:00:05.000\n<i>שלום</i> &lt;div&gt;\n\n00:10.000 --> 00:11.000\n   \n";
  const cues = readVtt(vtt);

  it("keeps each cue's times and its text, tags dropped, entities decoded, lines joined", () => {
    expect(cues).toEqual([
      { start: 0, end: 2.5, text: "Hello & welcome to the course." },
      { start: 3602.5, end: 3605, text: "שלום <div>" },
    ]);
    expect(readVtt("WEBVTT\n\nNOTE nothing\n")).toEqual([]);
  });

  it("finds the cue being said at a time, and none between cues or after them", () => {
    expect([0, 2.4, 2.5, 3602.5, 3604.9, 3605, 9999].map((time) => cueAt(cues, time))).toEqual([
      0, 0, -1, 1, 1, -1, -1,
    ]);
  });
});
