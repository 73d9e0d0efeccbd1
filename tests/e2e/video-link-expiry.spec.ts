import { expect, test, waitForHydration } from "./fixtures.ts";

/**
 * Decisions 0056 and 0061: once Lomda has checked who may watch, a lesson video's bytes come from a
 * URL signed for a while (a bucket's, or one nginx's secure_link checks), and the browser reads
 * every later range from that URL. After a long pause it has expired, and the next range fails.
 *
 * The browser tests have no nginx, and Playwright does not intercept a redirect's target, so the
 * test stands in for the expiry at the edge of the network on `/video/<file>` itself: its ranges are
 * Lomda's bytes, 64 kB at a time (so that the player keeps asking as it plays); the first load's
 * second range gets 410, as nginx answers an expired link; a new load works. What the player does
 * is the same: it loads the <source> again, which with signed URLs asks Lomda for a new one.
 */
test("a lesson video whose signed link expired picks up where the learner was", async ({
  page,
  allowConsoleErrors,
}) => {
  // The browser reports the expired link's answer in the console.
  allowConsoleErrors(/status of 410/);
  let loads = 0;
  let expiredAnswers = 0;
  await page.route(/\/video\/[\w.-]+\.mp4$/, async (route) => {
    const [, from, to] = /bytes=(\d+)-(\d*)/.exec(route.request().headers()["range"] ?? "bytes=0-")!;
    const start = Number(from);
    // A load starts at byte 0; what follows it belongs to the same load.
    if (start === 0) loads += 1;
    if (loads === 1 && start > 0) {
      expiredAnswers += 1;
      return route.fulfill({ status: 410, body: "" });
    }
    const end = Math.min(to ? Number(to) : Number.POSITIVE_INFINITY, start + 64 * 1024 - 1);
    const response = await route.fetch({ headers: { ...route.request().headers(), range: `bytes=${start}-${end}` } });
    await route.fulfill({ response });
  });

  await page.goto("/lesson/javascript/js-01-intro?lng=en");
  await waitForHydration(page);
  const video = page.getByTestId("video-mp4");
  // Playing from second 3: the bytes for it are past the first 64 kB, so they are asked for after
  // the link has expired.
  await video.evaluate(async (element) => {
    const media = element as HTMLVideoElement;
    media.muted = true;
    await new Promise((resolve) => {
      media.addEventListener("loadedmetadata", resolve, { once: true });
      media.load();
    });
    media.currentTime = 3;
    void media.play().catch(() => undefined);
  });

  // The player loaded the video again and plays on from second 3, not from the start.
  await expect.poll(() => loads).toBe(2);
  await expect
    .poll(() =>
      video.evaluate((element) => {
        const media = element as HTMLVideoElement;
        return media.error === null && !media.paused && media.currentTime > 3.2;
      }),
    )
    .toBe(true);
  expect(expiredAnswers).toBeGreaterThan(0);
});
