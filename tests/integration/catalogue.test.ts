import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser } from "../support/factories.ts";
import { startApp } from "./harness.ts";

const LISTS: Record<string, number> = {
  "/courses/dsa": 35,
  "/courses/java": 32,
  "/courses/mern/react": 22,
  "/courses/fullstack/react": 22,
  "/courses/mern/express": 7,
  "/courses/fullstack/express": 7,
  "/courses/mern/nodejs": 10,
  "/courses/fullstack/nodejs": 10,
  "/courses/mern/mongodb": 15,
  "/courses/fullstack/mongodb": 15,
  "/courses/fullstack/sql": 1,
  "/courses/fullstack/javascript": 32,
  "/cources/programming/javascript": 32,
  "/courses/fullstack/html": 1,
  "/courses/fullstack/css": 1,
  "/cources/programming/java": 32,
  "/cources/programming/advJava": 1,
  "/courses/programming/java": 32,
  "/courses/programming/advJava": 1,
  "/courses/programming/javascript": 32,
};

const PAGES = [
  "/",
  "/about",
  "/courses",
  "/team",
  "/testimonial",
  "/Payments",
  "/order",
  "/courses/mern",
  "/courses/fullstack",
  "/cources/programming",
  "/courses/programming",
];

function states(html: string) {
  const all = [...html.matchAll(/data-state="(playable|locked)"/g)].map((m) => m[1]);
  return { playable: all.filter((s) => s === "playable").length, locked: all.filter((s) => s === "locked").length };
}

/** Only the list named by its aria-label (the about page has several). */
function listSection(html: string, idOrLabel: string): string {
  const start = html.indexOf(idOrLabel);
  const end = html.indexOf("</ul>", start);
  return html.slice(start, end);
}

describe("public site, catalogue and gated videos", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    app = await startApp();
    cookies.learner = (await createSignedInUser(app.db, "learner")).cookie;
    cookies.subscriber = (await createSignedInUser(app.db, "subscriber")).cookie;
    cookies.admin = (await createSignedInUser(app.db, "admin")).cookie;
  });
  afterAll(async () => app.stop());

  const get = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, { redirect: "manual", headers: { ...(cookie ? { cookie } : {}), ...headers } });

  it("serves every page, in English and Hebrew, with a title, description and Open Graph tags", async () => {
    for (const path of [...PAGES, ...Object.keys(LISTS)]) {
      for (const lng of ["en", "he"]) {
        const res = await get(`${path}?lng=${lng}`);
        expect(res.status, `${path} ${lng}`).toBe(200);
        const html = await res.text();
        expect(html, path).toContain(`<html lang="${lng}" dir="${lng === "he" ? "rtl" : "ltr"}">`);
        expect(html, path).toMatch(/<title>[^<]+<\/title>/);
        expect(html, path).toMatch(/<meta name="description" content="[^"]+"/);
        expect(html, path).toMatch(/<meta property="og:title" content="[^"]+"/);
        if (path !== "/")
          expect(html, path).toContain(
            'aria-label="Breadcrumb"'.replace("Breadcrumb", lng === "he" ? "נתיב ניווט" : "Breadcrumb"),
          );
      }
    }
  });

  it("matches the routes' other spellings and refuses unknown courses", async () => {
    expect((await get("/payments")).status).toBe(200);
    expect((await get("/courses/dsa/")).status).toBe(200);
    expect((await get("/cources/programming/advjava")).status).toBe(200);
    expect((await get("/courses/cobol")).status).toBe(404);
    expect((await get("/courses/mern/rust")).status).toBe(404);
  });

  it("lists exactly the videos of each list: all locked for a visitor, 3 free for a learner, all for a subscriber and an admin", async () => {
    for (const [path, count] of Object.entries(LISTS)) {
      const visitor = states(await (await get(path)).text());
      expect(visitor, `visitor ${path}`).toEqual({ playable: 0, locked: count });
      const learner = states(await (await get(path, cookies.learner)).text());
      expect(learner, `learner ${path}`).toEqual({ playable: Math.min(3, count), locked: Math.max(0, count - 3) });
      const subscriber = states(await (await get(path, cookies.subscriber)).text());
      expect(subscriber, `subscriber ${path}`).toEqual({ playable: count, locked: 0 });
    }
    const admin = states(await (await get("/courses/dsa", cookies.admin)).text());
    expect(admin).toEqual({ playable: 35, locked: 0 });
  });

  it("gives a visitor's HTML no video id and no playable URL", async () => {
    for (const path of Object.keys(LISTS)) {
      const html = await (await get(path)).text();
      expect(html, path).not.toMatch(/SAMPLE[\w-]{5}/);
      expect(html, path).not.toContain("/video/");
      expect(html, path).not.toContain("youtube");
      expect(html, path).toMatch(/\/thumb\/[\w-]{22}/);
    }
    // A learner's locked items carry no id either; the free samples do.
    const learner = await (await get("/courses/dsa", cookies.learner)).text();
    expect(learner.match(/data-video-id="SAMPLE[\w-]{5}"/g)).toHaveLength(3);
    expect(learner).toContain("Free sample");
    expect(learner).not.toContain("/video/lesson-sample.mp4"); // the 5th lesson is for subscribers
    const subscriber = await (await get("/courses/dsa", cookies.subscriber)).text();
    expect(subscriber).toContain('src="/video/lesson-sample.mp4"');
  });

  it("shows the about video page by viewer: notice and 32 locked, 3 playable, or the banner and all 32", async () => {
    const visitor = await (await get("/about")).text();
    expect(visitor).toContain("The full content is for registered subscribers.");
    expect(states(listSection(visitor, 'id="java-videos"'))).toEqual({ playable: 0, locked: 32 });
    expect(states(listSection(visitor, 'aria-label="Israel Tax Authority explainers"'))).toEqual({
      playable: 5,
      locked: 0,
    });
    expect(visitor).toContain('src="/video/about-lomda.mp4"');
    expect(visitor).not.toContain("You are Subscribed");

    const learner = await (await get("/about", cookies.learner)).text();
    expect(states(listSection(learner, 'id="java-videos"'))).toEqual({ playable: 3, locked: 29 });
    expect(learner).not.toContain("You are Subscribed");

    const subscriber = await (await get("/about", cookies.subscriber)).text();
    expect(subscriber).toContain("You are Subscribed");
    expect(subscriber).not.toContain("Yoa are");
    expect(states(listSection(subscriber, 'id="java-videos"'))).toEqual({ playable: 32, locked: 0 });

    const hebrew = await (await get("/about?lng=he")).text();
    expect(hebrew).toContain("רשות המסים");
  });

  it("serves self-hosted video with Range to those allowed, and refuses the others", async () => {
    expect((await get("/video/lesson-sample.mp4")).status).toBe(401);
    expect((await get("/video/lesson-sample.mp4", cookies.learner)).status).toBe(403);
    const range = await get("/video/lesson-sample.mp4", cookies.subscriber, { range: "bytes=0-1023" });
    expect(range.status).toBe(206);
    expect(range.headers.get("accept-ranges")).toBe("bytes");
    expect(range.headers.get("content-range")).toMatch(/^bytes 0-1023\/\d+$/);
    expect(range.headers.get("content-type")).toBe("video/mp4");
    expect((await range.arrayBuffer()).byteLength).toBe(1024);
    const whole = await get("/video/lesson-sample.mp4", cookies.subscriber);
    expect(whole.status).toBe(200);
    expect(Number(whole.headers.get("content-length"))).toBeGreaterThan(10_000);
    expect((await get("/video/lesson-sample.mp4", cookies.subscriber, { range: "bytes=99999999-" })).status).toBe(416);
    expect((await get("/video/about-lomda.mp4")).status).toBe(200);
    expect((await get("/video/about-lomda.mp4", undefined, { range: "bytes=100-199" })).status).toBe(206);
    expect((await get("/video/nope.mp4", cookies.subscriber)).status).toBe(404);
    expect((await get("/video/..%2F..%2Fpackage.json", cookies.subscriber)).status).toBe(404);
    expect((await get("/video/lesson-sample.mp4", "lomda_session=forged-session-value-0000000000000")).status).toBe(
      401,
    );
  });

  it("serves thumbnails through opaque keys, with a placeholder when the upstream cannot be reached", async () => {
    const html = await (await get("/courses/java")).text();
    const key = /\/thumb\/([\w-]{22})/.exec(html)![1]!;
    const thumb = await get(`/thumb/${key}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toMatch(/^image\/(svg\+xml|jpeg)/);
    expect((await get("/thumb/AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect((await get("/thumb/../../etc/passwd")).status).toBe(404);
  });

  it("shows the catalogue grids with their card fields and prices", async () => {
    const counts = { "/courses/mern": 4, "/courses/fullstack": 8, "/cources/programming": 4 };
    const prices: number[] = [];
    for (const [path, count] of Object.entries(counts)) {
      const html = await (await get(path)).text();
      const cards = html.match(/<article aria-labelledby="course-/g) ?? [];
      expect(cards.length, path).toBe(count);
      for (const m of html.matchAll(/data-testid="course-price"><bdi>\$([\d.]+)<\/bdi>/g)) prices.push(Number(m[1]));
      expect(html).toContain("Read More");
      expect(html).toContain("Join Now");
      expect(html).toMatch(/\d+ Students/);
      expect(html).toMatch(/[\d.]+ Hours/);
      expect(html).toMatch(/out of 5 stars, \d+ reviews/);
    }
    expect(prices).toHaveLength(16);
    expect(Math.min(...prices)).toBe(49);
    expect(Math.max(...prices)).toBe(249);
    const mern = await (await get("/courses/mern")).text();
    const nodeCard = mern.slice(mern.indexOf("Node.js"));
    expect(nodeCard).toContain('href="/courses/mern/express"');
  });

  it("shows the home page: hero, four service tiles, about block, the two sample courses, instructors and testimonials", async () => {
    const html = await (await get("/")).text();
    expect(html).toContain('href="/courses"');
    expect(html).toMatch(/data-testid="service-assessment"[^>]*|href="\/test"[^>]*data-testid="service-assessment"/);
    expect(html).toContain('href="/library"');
    expect(html).toMatch(/<div class="p-6" data-testid="service-projects">/); // Home Projects: no link
    expect(html).toContain("Skilled Instructors");
    expect(html).toContain("International Certificate");
    expect(html).toContain("$389.00");
    expect(html).toContain("9.50 Hours");
    expect(html).toContain("335 Students");
    expect(html).toContain("$189.00");
    expect(html).toContain("4.50 Hours");
    expect(html).toContain("65 Students");
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(4);
  });

  it("has a sitemap and robots.txt", async () => {
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${app.url}/cources/programming/advJava</loc>`);
    expect(xml).toContain('hreflang="he"');
    const robots = await (await get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${app.url}/sitemap.xml`);
    expect(robots).toContain("Disallow: /profile");
  });
});
