import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "../setup/databases.ts";
import { createSignedInUser, createSubmission } from "../support/factories.ts";
import { shown, startApp } from "./harness.ts";

/** The admin area's lists, 20 rows a page, over HTTP as a browser without JavaScript sees them (issue 16). */

const T0 = Date.parse("2026-03-01T12:00:00.000Z");
const pad = (n: number) => String(n).padStart(2, "0");
const range = (from: number, to: number) =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from > to ? from - i : from + i));

/** The names shown in one inbox, top to bottom. */
function inbox(html: string, kind: "contact" | "registration"): string[] {
  const start = html.indexOf(`data-testid="inbox-${kind}"`);
  if (start < 0) return [];
  const list = html.slice(start, html.indexOf("</ul>", start));
  return [...list.matchAll(/<bdi>((?:Sender|Applicant) \d\d)<\/bdi>/g)].map((m) => m[1]!);
}

/** The links of the page navigation labelled `label`, by their text; undefined without one. */
function pager(html: string, label: string): Record<string, string> | undefined {
  const nav = new RegExp(`<nav aria-label="${label}"[^>]*>([\\s\\S]*?)</nav>`).exec(html);
  if (!nav) return undefined;
  const links: Record<string, string> = {};
  for (const [, attributes, text] of nav[1]!.matchAll(/<a\b([^>]*)>([^<]*)<\/a>/g))
    links[text!] = /href="([^"]*)"/.exec(attributes!)![1]!.replaceAll("&amp;", "&");
  return links;
}

describe.each(DIALECTS)("the admin lists a page at a time, over HTTP on %s", (dialect) => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let cookie: string;
  beforeAll(async () => {
    app = await startApp({}, dialect);
    cookie = (await createSignedInUser(app.db, "admin")).cookie;
    for (const i of range(1, 45))
      await createSubmission(app.db, "contact", { name: `Sender ${pad(i)}` }, { now: new Date(T0 + i * 1000) });
    for (const i of range(1, 25))
      await createSubmission(app.db, "registration", { name: `Applicant ${pad(i)}` }, { now: new Date(T0 + i * 1000) });
  });
  afterAll(async () => app.stop());

  const get = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${app.url}${path}`, { ...init, headers: { cookie, ...init.headers } });
    return { status: response.status, html: shown(await response.text()) };
  };
  const names = (prefix: string, from: number, to: number) => range(from, to).map((i) => `${prefix} ${pad(i)}`);

  it("shows the newest 20 of each list, with a real link to the next page and none where one page holds all", async () => {
    const { status, html } = await get("/admin?lng=en");
    expect(status).toBe(200);
    expect(inbox(html, "contact")).toEqual(names("Sender", 45, 26));
    expect(inbox(html, "registration")).toEqual(names("Applicant", 25, 6));
    const contact = pager(html, "Pages of contact messages");
    expect(Object.keys(contact!)).toEqual(["Older"]);
    expect(contact!.Older).toMatch(/^\/admin\?lng=en&contact=[A-Za-z0-9_-]+#contact-heading$/);
    expect(Object.keys(pager(html, "Pages of registration requests")!)).toEqual(["Older"]);
    // The demo subscriber's one subscription, the three demo accounts: one page each, no navigation.
    expect(pager(html, "Pages of subscriptions")).toBeUndefined();
    expect(pager(html, "Pages of accounts")).toBeUndefined();
  });

  it("pages 20, 20, 5 with Older, back with Newer, and one list's paging leaves the other's page alone", async () => {
    const first = await get("/admin?lng=en");
    const second = await get(pager(first.html, "Pages of contact messages")!.Older!);
    expect(second.status).toBe(200);
    expect(inbox(second.html, "contact")).toEqual(names("Sender", 25, 6));
    const links = pager(second.html, "Pages of contact messages")!;
    expect(Object.keys(links)).toEqual(["Newest", "Newer", "Older"]);
    expect(links.Newest).toBe("/admin?lng=en#contact-heading");

    const third = await get(links.Older!);
    expect(inbox(third.html, "contact")).toEqual(names("Sender", 5, 1));
    expect(Object.keys(pager(third.html, "Pages of contact messages")!)).toEqual(["Newest", "Newer"]);
    const back = await get(pager(third.html, "Pages of contact messages")!.Newer!);
    expect(inbox(back.html, "contact")).toEqual(names("Sender", 25, 6));
    const top = await get(pager(back.html, "Pages of contact messages")!.Newer!);
    expect(inbox(top.html, "contact")).toEqual(names("Sender", 45, 26));
    expect(Object.keys(pager(top.html, "Pages of contact messages")!)).toEqual(["Older"]);

    // On the contact messages' second page, the registrations go to theirs: contact stays put.
    expect(inbox(second.html, "registration")).toEqual(names("Applicant", 25, 6));
    const both = await get(pager(second.html, "Pages of registration requests")!.Older!);
    expect(inbox(both.html, "registration")).toEqual(names("Applicant", 5, 1));
    expect(inbox(both.html, "contact")).toEqual(names("Sender", 25, 6));
    // Without JavaScript, an action's form posts to the page's own address, so the answer shows the same pages.
    const form = /<form [^>]*action="(\/admin\?[^"]*)" method="post"/.exec(both.html)![1]!.replaceAll("&amp;", "&");
    expect(form).toContain("contact=");
    expect(form).toContain("registrations=");
  });

  it("answers a damaged cursor with 400 and that list from its newest, in English and Hebrew; never a 500", async () => {
    const first = await get("/admin?lng=en");
    const registrationsPage2 = new URL(pager(first.html, "Pages of registration requests")!.Older!, app.url).search;
    const good = new URLSearchParams(registrationsPage2).get("registrations")!;
    const forged = (fields: unknown) => Buffer.from(JSON.stringify(fields)).toString("base64url");
    for (const bad of [
      "garbage",
      "%%%",
      "A".repeat(5000),
      good.slice(0, -4),
      forged(["o", "2026-03-01T12:00:30.000Z", "'; drop table contact_messages; --"]),
      forged(["o", "yesterday", "00000000-0000-4000-8000-000000000000"]),
    ]) {
      const { status, html } = await get(`/admin?lng=en&registrations=${good}&contact=${encodeURIComponent(bad)}`);
      expect(status, bad).toBe(400);
      expect(html).toContain("That page link is not valid, so its list starts again from the newest entries.");
      expect(inbox(html, "contact")).toEqual(names("Sender", 45, 26));
      expect(inbox(html, "registration")).toEqual(names("Applicant", 5, 1)); // the good cursor still counts
      const older = pager(html, "Pages of contact messages")!.Older!;
      // The page's links leave the bad cursor out and keep the good one.
      expect(new URL(older, app.url).searchParams.get("registrations")).toBe(good);
      expect(new URL(pager(html, "Pages of registration requests")!.Newer!, app.url).searchParams.has("contact")).toBe(
        false,
      );
    }
    const he = await get("/admin?lng=he&feedback=garbage");
    expect(he.status).toBe(400);
    expect(he.html).toContain("הקישור לעמוד הזה אינו תקין, ולכן הרשימה שלו מוצגת שוב מהרשומות החדשות ביותר.");
    expect(pager(he.html, "עמודי הודעות יצירת הקשר")!["ישנים יותר"]).toMatch(/^\/admin\?lng=he&contact=/);
    expect(await app.db.selectFrom("contact_messages").select("id").execute()).toHaveLength(45);
    expect(app.logs.filter((line) => line.level >= 50)).toEqual([]);
  });
});
