import { describe, expect, it } from "vitest";
import { isYouTubeId, parseYouTubeId } from "./youtube";

const ID = "dQw4w9WgXcQ";

describe("parseYouTubeId", () => {
  it("takes a bare 11-character id, trimmed", () => {
    expect(parseYouTubeId(ID)).toBe(ID);
    expect(parseYouTubeId(`  ${ID}\n`)).toBe(ID);
    expect(parseYouTubeId("a-b_c-d_e-f")).toBe("a-b_c-d_e-f");
  });

  it("reads watch pages: extra parameters in any order, any youtube.com host, with or without a scheme", () => {
    for (const link of [
      `https://www.youtube.com/watch?v=${ID}`,
      `http://www.youtube.com/watch?v=${ID}`,
      `https://youtube.com/watch?v=${ID}`,
      `https://m.youtube.com/watch?v=${ID}`,
      `https://music.youtube.com/watch?v=${ID}&list=RDAMVM${ID}`,
      `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`,
      `https://www.youtube.com/watch?v=${ID}&list=PL123&index=3#t=10`,
      `https://WWW.YouTube.com/watch?v=${ID}`,
      `https://www.youtube.com./watch?v=${ID}`,
      `https://www.youtube.com:443/watch?v=${ID}`,
      `www.youtube.com/watch?v=${ID}`,
      `youtube.com/watch?v=${ID}`,
      `m.youtube.com/watch?app=desktop&v=${ID}`,
      `//www.youtube.com/watch?v=${ID}`,
      `https://www.youtube.com/watch/?v=${ID}`,
    ]) {
      expect(parseYouTubeId(link), link).toBe(ID);
    }
  });

  it("reads short links, embeds, shorts and live links", () => {
    for (const link of [
      `https://youtu.be/${ID}`,
      `https://youtu.be/${ID}?t=42`,
      `https://youtu.be/${ID}?si=abcDEF123&t=42`,
      `youtu.be/${ID}`,
      `https://youtu.be/${ID}/`,
      `https://www.youtube.com/embed/${ID}`,
      `https://www.youtube.com/embed/${ID}?start=30&autoplay=1`,
      `https://www.youtube-nocookie.com/embed/${ID}`,
      `https://youtube-nocookie.com/embed/${ID}?rel=0`,
      `https://www.youtube.com/shorts/${ID}`,
      `https://youtube.com/shorts/${ID}?feature=share`,
      `https://m.youtube.com/shorts/${ID}`,
      `https://www.youtube.com/live/${ID}?si=x`,
      `https://www.youtube.com/v/${ID}`,
    ]) {
      expect(parseYouTubeId(link), link).toBe(ID);
    }
  });

  it("refuses other hosts, other schemes, bad ids and links without a video", () => {
    for (const link of [
      "",
      "   ",
      "dQw4w9WgXc", // 10 characters
      "dQw4w9WgXcQQ", // 12
      "dQw4w9WgXc!",
      "dQw4w9 WgXcQ",
      `javascript:alert("${ID}")`,
      `javascript://www.youtube.com/watch?v=${ID}`,
      `data:text/html,${ID}`,
      `ftp://www.youtube.com/watch?v=${ID}`,
      `file:///watch?v=${ID}`,
      `https://evil.example/watch?v=${ID}`,
      `https://youtube.com.evil.example/watch?v=${ID}`,
      `https://evilyoutube.com/watch?v=${ID}`,
      `https://www.youtube.com@evil.example/watch?v=${ID}`,
      `https://user:pass@www.youtube.com/watch?v=${ID}`,
      `https://www.youtube.com:8080/watch?v=${ID}`,
      `https://vimeo.com/${ID}`,
      `https://youtu.be.evil.example/${ID}`,
      "https://www.youtube.com/watch?v=short",
      `https://www.youtube.com/watch?v=${ID}x`,
      "https://www.youtube.com/watch",
      `https://www.youtube.com/watch?list=${ID}`,
      `https://www.youtube.com/playlist?list=${ID}`,
      `https://www.youtube.com/channel/${ID}`,
      `https://www.youtube.com/@someone`,
      `https://www.youtube.com/embed/${ID}/extra`,
      `https://www.youtube.com/${ID}`,
      `https://youtu.be/watch?v=${ID}`,
      `https://youtu.be/${ID}/extra`,
      `https://youtu.be/`,
      `https://www.youtube-nocookie.com/watch?v=${ID}`,
      `https://www.youtube-nocookie.com/shorts/${ID}`,
      `https://www.youtube.com/embed/${ID.slice(0, 10)}`,
      `https://www.youtube.com/watch?v=${encodeURIComponent("<script>")}`,
      `https://www.youtube.com/watch?v=../../${ID}`,
      `https://www.youtube.com/watch?v=${ID} onerror=x`,
      `${"https://www.youtube.com/watch?v=" + ID}&pad=${"x".repeat(2100)}`,
      "http://",
      "https://[::1]/watch",
    ]) {
      expect(parseYouTubeId(link), link).toBeNull();
    }
  });

  it("refuses anything that is not a string", () => {
    for (const value of [null, undefined, 42, {}, [ID], { toString: () => ID }]) {
      expect(parseYouTubeId(value)).toBeNull();
    }
  });
});

describe("isYouTubeId", () => {
  it("accepts exactly 11 URL-safe base64 characters", () => {
    expect(isYouTubeId(ID)).toBe(true);
    expect(isYouTubeId("___________")).toBe(true);
    expect(isYouTubeId(`${ID}\n`)).toBe(false);
    expect(isYouTubeId("dQw4w9WgXc=")).toBe(false);
    expect(isYouTubeId(undefined)).toBe(false);
  });
});
