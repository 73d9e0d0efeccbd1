import { expect, test, waitForHydration } from "./fixtures.ts";

/**
 * Issue 32 point 6 (decision 0044): the browser tests' server starts as `npm start` does, in demo
 * mode, so the JavaScript list's first lessons are the sample videos of content/demo-media/. The
 * first is a free preview: a visitor plays it (Chromium decodes the file), and the captions in the
 * page's language show the words being said.
 */
for (const [lng, said] of [
  ["en", "Welcome to JavaScript from Basics to Advanced."],
  ["he", "ברוכים הבאים לקורס JavaScript מהיסודות ועד רמה מתקדמת."],
] as const) {
  test(`a visitor plays the first demo lesson with its captions (${lng})`, async ({ page }) => {
    await page.goto(`/cources/programming/javascript?lng=${lng}`);
    await waitForHydration(page);
    const video = page.getByTestId("video-mp4").first();
    await video.evaluate(async (element) => {
      const media = element as HTMLVideoElement;
      media.muted = true;
      await media.play();
    });
    await expect.poll(() => video.evaluate((element) => (element as HTMLVideoElement).currentTime)).toBeGreaterThan(0);
    // The file's own length (42.1 s), which the lesson shows and watching is measured against.
    expect(await video.evaluate((element) => Math.round((element as HTMLVideoElement).duration))).toBe(42);
    await video.evaluate(async (element) => {
      const media = element as HTMLVideoElement;
      media.pause();
      const seeked = new Promise((done) => media.addEventListener("seeked", done, { once: true }));
      media.currentTime = 2;
      await seeked;
    });
    // The track in the page's language is showing, and its first caption is the first sentence said.
    const showing = () =>
      video.evaluate((element) => {
        const track = [...(element as HTMLVideoElement).textTracks].find((t) => t.mode === "showing");
        const cue = track?.activeCues?.[0] as VTTCue | undefined;
        return { language: track?.language, text: cue?.text.replace(/[\u200f\u2066\u2069]/g, "").replace(/\n/g, " ") };
      });
    await expect.poll(showing).toEqual({ language: lng, text: said });
  });
}
