import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startBucket, type TestBucket } from "../support/s3-bucket.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { createLesson, createSignedInUser, createVideoList } from "../support/factories.ts";
import { tinyMp4 } from "../support/media-fixtures.ts";
import { startApp } from "./harness.ts";

/**
 * The built app with its uploads in an S3-compatible bucket (MEDIA_S3_*, decision 0056), s3rver from
 * npm standing in for the object store: an admin's upload lands in the bucket, and a lesson's video
 * is a redirect to a signed URL for a viewer the access rule allows, and nothing for anyone else.
 * s3rver checks no signatures, so what is tested is Lomda's side: who gets a URL, and for how long.
 */
describe.each(DIALECTS)("uploads in a bucket (built app, %s)", (dialect) => {
  let root: string;
  let s3: TestBucket;
  let bucketUrl: string;
  let app: Awaited<ReturnType<typeof startApp>>;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "lomda-bucket-"));
    s3 = await startBucket(join(root, "bucket"), "lomda");
    bucketUrl = s3.url;
    app = await startApp(
      {
        MEDIA_S3_URL: bucketUrl,
        MEDIA_S3_ACCESS_KEY_ID: "S3RVER",
        MEDIA_S3_SECRET_ACCESS_KEY: "S3RVER",
        MEDIA_S3_URL_SECONDS: "600",
        MEDIA_DIR: join(root, "media"),
        MEDIA_MAX_VIDEO_MB: "1",
      },
      dialect,
    );
  });
  afterAll(async () => {
    await app?.stop();
    await s3?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const keys = async () =>
    [...(await (await fetch(`${bucketUrl}?list-type=2`)).text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);

  it("stores an admin's upload in the bucket and hands the video only to who may watch it", async () => {
    const admin = (await createSignedInUser(app.db, "admin")).cookie;
    const learner = (await createSignedInUser(app.db, "learner")).cookie;
    const lessonId = await createLesson(app.db, await createVideoList(app.db, { freeSamples: "0" }), { youtube: "" });
    const video = tinyMp4({ seconds: 75 });
    const form = new FormData();
    form.set("intent", "upload-video");
    form.set("video", new Blob([new Uint8Array(video)]), "upload.bin");
    const uploaded = await fetch(`${app.url}/admin/courses/lesson/${lessonId}`, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { origin: app.url, cookie: admin },
    });
    expect(uploaded.status).toBe(302);
    const { video_file: file } = await app.db
      .selectFrom("lessons")
      .select("video_file")
      .where("id", "=", lessonId)
      .executeTakeFirstOrThrow();
    expect(file).toMatch(/^[0-9a-f]{32}\.mp4$/);
    expect(await keys()).toContain(`videos/${file}`);

    // The admin may watch every lesson: a redirect, kept by nobody, to a URL for that object only.
    const granted = await fetch(`${app.url}/video/${file}`, { headers: { cookie: admin }, redirect: "manual" });
    expect(granted.status).toBe(302);
    expect(granted.headers.get("cache-control")).toBe("no-store");
    const location = new URL(granted.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${bucketUrl}/videos/${file}`);
    expect(location.searchParams.get("X-Amz-Expires")).toBe("600");
    const part = await fetch(location, { headers: { range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(0, 100))).toBe(true);
    // The lesson page lets the player follow it there (the policy checks where a redirect leads).
    const page = await fetch(`${app.url}/`, { headers: { cookie: admin } });
    expect(page.headers.get("content-security-policy")).toContain(`media-src 'self' ${new URL(bucketUrl).origin}`);

    // A learner without the course, and a visitor: refused, and no URL of the bucket anywhere.
    for (const [cookie, status] of [
      [learner, 403],
      ["", 401],
    ] as const) {
      const refused = await fetch(`${app.url}/video/${file}`, {
        headers: cookie ? { cookie } : {},
        redirect: "manual",
      });
      expect(refused.status).toBe(status);
      expect(refused.headers.get("location")).toBeNull();
      expect(await refused.text()).not.toContain(bucketUrl);
    }
  });
});
