import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCatalogue,
  createCourse,
  createLesson,
  createSignedInUser,
  createVideoList,
} from "../support/factories.ts";
import { bundledMp4, tinyMp4, tinyPng } from "../support/media-fixtures.ts";
import { startApp } from "./harness.ts";

/**
 * The course builder's upload forms over HTTP (lesson video, course and catalogue covers): the file streamed into
 * MEDIA_DIR and set on its row, the replaced file removed, and every refusal a translated 400 that
 * stores nothing and leaves no file behind.
 */
describe("course builder uploads (built app)", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let mediaDir: string;
  let admin: string;
  let learner: string;
  let demoFiles = new Set<string>();
  // Demo mode (the harness's default) gave the JavaScript list's first lessons their files at start
  // (decision 0044): they are not this test's, so the listing leaves them out.
  const stored = (folder: "videos" | "covers") =>
    existsSync(join(mediaDir, folder))
      ? readdirSync(join(mediaDir, folder)).filter((f) => !f.startsWith(".") && !demoFiles.has(f))
      : [];

  beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), "lomda-builder-uploads-"));
    app = await startApp({ MEDIA_DIR: mediaDir, MEDIA_MAX_VIDEO_MB: "1", MEDIA_MAX_IMAGE_MB: "1" });
    demoFiles = new Set(stored("videos"));
    admin = (await createSignedInUser(app.db, "admin")).cookie;
    learner = (await createSignedInUser(app.db, "learner")).cookie;
  });
  afterAll(async () => {
    await app.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const send = (path: string, file: Buffer | null, field: string, intent: string, cookie = admin) => {
    const form = new FormData();
    form.set("intent", intent);
    if (file) form.set(field, new Blob([new Uint8Array(file)]), "upload.bin");
    return fetch(`${app.url}${path}`, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { origin: app.url, cookie },
    });
  };
  const lessonRow = (id: string) =>
    app.db.selectFrom("lessons").select(["video_file", "duration"]).where("id", "=", id).executeTakeFirstOrThrow();

  it("stores a lesson's video with its length, and a second upload replaces (and removes) the first", async () => {
    const lessonId = await createLesson(app.db, await createVideoList(app.db), { youtube: "" });
    const first = await send(`/admin/courses/lesson/${lessonId}`, tinyMp4({ seconds: 75 }), "video", "upload-video");
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(`/admin/courses/lesson/${lessonId}`);
    const row = await lessonRow(lessonId);
    expect(row).toEqual({ video_file: expect.stringMatching(/^[0-9a-f]{32}\.mp4$/), duration: "1:15" });
    expect(stored("videos")).toEqual([row.video_file]);
    expect(app.logs.some((l) => l.msg === "course builder: lesson video uploaded" && l.targetId === lessonId)).toBe(
      true,
    );

    const second = await send(`/admin/courses/lesson/${lessonId}`, bundledMp4("about"), "video", "upload-video");
    expect(second.status).toBe(302);
    const replaced = await lessonRow(lessonId);
    expect(replaced.video_file).not.toBe(row.video_file);
    expect(stored("videos")).toEqual([replaced.video_file]);

    const remove = (body: string) =>
      fetch(`${app.url}/admin/courses/lesson/${lessonId}`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: app.url, cookie: admin, "content-type": "application/x-www-form-urlencoded" },
        body,
      });
    // Removing deletes the file for good: only with its box ticked.
    const unconfirmed = await remove("intent=remove-video");
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("Tick the box to confirm the deletion.");
    expect(stored("videos")).toEqual([replaced.video_file]);
    const removed = await remove("intent=remove-video&confirm=on");
    expect(removed.status).toBe(302);
    expect((await lessonRow(lessonId)).video_file).toBeNull();
    expect(stored("videos")).toEqual([]);
  });

  it("refuses a file that is not a video, one too large, and a form without a file: 400, translated, nothing kept", async () => {
    const lessonId = await createLesson(app.db, await createVideoList(app.db), { youtube: "" });
    const path = `/admin/courses/lesson/${lessonId}`;
    const cases = [
      { file: tinyPng(), en: "This file is not a video Lomda can play", lng: "en" },
      {
        file: Buffer.concat([tinyMp4(), Buffer.alloc(1024 * 1024 + 1)]),
        en: "The file is too large: at most 1 MB",
        lng: "en",
      },
      { file: null, en: "Please choose a file.", lng: "en" },
      { file: tinyPng(), en: "הקובץ אינו סרטון", lng: "he" },
    ];
    for (const { file, en, lng } of cases) {
      const response = await send(`${path}?lng=${lng}`, file, "video", "upload-video");
      expect(response.status, en).toBe(400);
      expect(await response.text(), en).toContain(en);
    }
    expect(await lessonRow(lessonId)).toEqual({ video_file: null, duration: null });
    expect(stored("videos")).toEqual([]);
  });

  it("uploads a course cover (served from /media/covers/), refuses a video as a cover, and is for admins only", async () => {
    const courseId = await createCourse(app.db);
    const refused = await send(`/admin/courses/course/${courseId}`, tinyMp4(), "cover", "upload-cover");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This file is not a picture Lomda accepts");
    expect(stored("covers")).toEqual([]);

    const notAdmin = await send(`/admin/courses/course/${courseId}`, tinyPng(), "cover", "upload-cover", learner);
    expect(notAdmin.status).toBe(403);
    expect(stored("covers")).toEqual([]);

    const ok = await send(`/admin/courses/course/${courseId}`, tinyPng(), "cover", "upload-cover");
    expect(ok.status).toBe(302);
    const { cover } = await app.db
      .selectFrom("courses")
      .select("cover")
      .where("id", "=", courseId)
      .executeTakeFirstOrThrow();
    expect(cover).toMatch(/^\/media\/covers\/[0-9a-f]{32}\.png$/);
    const image = await fetch(`${app.url}${cover}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(stored("covers")).toHaveLength(1);

    // Saved with a bundled cover instead: the upload nobody wears is removed, and no longer served.
    const form = new URLSearchParams({
      intent: "save",
      slug: "cover-swap",
      titleEn: "Cover swap",
      teacherEn: "T",
      summaryEn: "S",
      duration: "1",
      students: "0",
      price: "0",
      currency: "USD",
      rating: "0",
      reviews: "0",
      cover: "/images/courses/plain.svg",
      published: "on",
    });
    const saved = await fetch(`${app.url}/admin/courses/course/${courseId}`, {
      method: "POST",
      body: form,
      redirect: "manual",
      headers: { origin: app.url, cookie: admin },
    });
    expect(saved.status).toBe(302);
    expect(stored("covers")).toEqual([]);
    expect((await fetch(`${app.url}${cover}`)).status).toBe(404);
  });

  it("uploads a catalogue's cover, which its card on /courses wears; refuses what is not a picture or too large, in either language", async () => {
    const slug = `covered-${Date.now()}`;
    const catalogueId = await createCatalogue(app.db, { slug, titleEn: "Covered catalogue" });
    await createCourse(app.db, { catalogueId });
    const path = `/admin/courses/catalogue/${catalogueId}`;
    const catalogueCover = async () =>
      (await app.db.selectFrom("catalogues").select("cover").where("id", "=", catalogueId).executeTakeFirstOrThrow())
        .cover;
    const cases = [
      { file: tinyMp4(), text: "This file is not a picture Lomda accepts", lng: "en" },
      { file: tinyMp4(), text: "הקובץ אינו תמונה", lng: "he" },
      {
        file: Buffer.concat([tinyPng(), Buffer.alloc(1024 * 1024 + 1)]),
        text: "The file is too large: at most 1 MB",
        lng: "en",
      },
      { file: null, text: "Please choose a file.", lng: "en" },
    ];
    for (const { file, text, lng } of cases) {
      const refused = await send(`${path}?lng=${lng}`, file, "cover", "upload-cover");
      expect(refused.status, text).toBe(400);
      expect(await refused.text(), text).toContain(text);
    }
    expect(await catalogueCover()).toBe("/images/courses/plain.svg");
    expect(stored("covers")).toEqual([]);
    const notAdmin = await send(path, tinyPng(), "cover", "upload-cover", learner);
    expect(notAdmin.status).toBe(403);
    expect(stored("covers")).toEqual([]);

    const ok = await send(path, tinyPng(), "cover", "upload-cover");
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe(path);
    const cover = await catalogueCover();
    expect(cover).toMatch(/^\/media\/covers\/[0-9a-f]{32}\.png$/);
    expect(stored("covers")).toEqual([cover.replace("/media/covers/", "")]);
    expect(
      app.logs.some((l) => l.msg === "course builder: catalogue cover uploaded" && l.targetId === catalogueId),
    ).toBe(true);
    // The catalogue's version moved: /courses shows the new cover at once (in this process).
    const courses = await (await fetch(`${app.url}/courses`)).text();
    expect(courses).toContain(`src="${cover}"`);

    // Saved with a bundled picture instead: the upload nobody wears is removed.
    const saved = await fetch(`${app.url}${path}`, {
      method: "POST",
      body: new URLSearchParams({
        intent: "save",
        titleEn: "Covered catalogue",
        cover: "/images/catalogues/programming.svg",
        published: "on",
      }),
      redirect: "manual",
      headers: { origin: app.url, cookie: admin },
    });
    expect(saved.status).toBe(302);
    expect(await catalogueCover()).toBe("/images/catalogues/programming.svg");
    expect(stored("covers")).toEqual([]);
  });
});
