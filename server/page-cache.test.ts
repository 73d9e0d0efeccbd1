import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { canonicalPathOf, createPageCache, pageScripts } from "./page-cache.ts";

const sha = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

describe("the scripts a cached page may run", () => {
  const nonce = "cmVuZGVyLW5vbmNlLTEyMw==";
  const page = [
    "<!DOCTYPE html><html><head>",
    `<link rel="modulepreload" href="/assets/entry.js" nonce="${nonce}"/>`,
    `<script nonce="${nonce}">window.__context = {"a":1};</script>`,
    `<script type="module" nonce="${nonce}">import "/assets/entry.js";</script>`,
    `<script type="module" src="/assets/other.js" nonce="${nonce}"></script>`,
    "</head><body>",
    // Content that slipped past escaping (it never does in React, which is why this is a second line
    // of defence): it cannot know the render's nonce.
    "<p>hello</p><script>alert(document.cookie)</script>",
    '<script nonce="guessed">alert(1)</script>',
    "</body></html>",
  ].join("");

  it("are exactly the inline scripts the render marked with its nonce", () => {
    const { hashes } = pageScripts(page, nonce);
    expect(hashes).toEqual([sha('window.__context = {"a":1};'), sha('import "/assets/entry.js";')]);
    expect(hashes).not.toContain(sha("alert(document.cookie)"));
    expect(hashes).not.toContain(sha("alert(1)"));
  });

  it("leave the nonce out of the shared bytes, and change nothing else", () => {
    const { html } = pageScripts(page, nonce);
    expect(html).not.toContain(nonce);
    expect(html).toBe(page.replaceAll(` nonce="${nonce}"`, ""));
  });

  it("are none without a nonce", () => {
    expect(pageScripts(page, "").hashes).toEqual([]);
  });
});

describe("one address per page in the cache (issue 29)", () => {
  /** The site's pages by lower-case path, and the canonical address each names. */
  const PAGES: Record<string, string> = { "/about": "/about", "/payments": "/Payments" };

  async function site() {
    let renders = 0;
    const cache = createPageCache({
      publicOrigin: "http://site.test",
      version: async () => "1",
      policy: () => "script-src 'self'",
      localeCookie: (locale) => `lomda_lng=${locale}`,
    });
    const app = express();
    app.use(cache.lookup);
    app.use((req, res, next) => {
      if (!res.locals.pageCache) return void res.status(418).end();
      cache
        .render(req, res, "bm9uY2U=", async (request) => {
          renders++;
          const path = new URL(request.url).pathname;
          const canonical = PAGES[path.toLowerCase()];
          const html = (body: string, status = 200) =>
            new Response(body, { status, headers: { "content-type": "text/html; charset=utf-8" } });
          if (!canonical) return html("<!doctype html><p>Not found</p>", 404);
          return html(
            `<!doctype html><html><head><link rel="canonical" href="http://site.test${canonical}"/></head>` +
              `<body>${"<p>Lomda</p>".repeat(500)}</body></html>`,
          );
        })
        .catch(next);
    });
    const server = createServer(app);
    await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return {
      get: (path: string) => fetch(base + path, { redirect: "manual", headers: { "accept-encoding": "br" } }),
      renders: () => renders,
      size: () => cache.size(),
      close: () => new Promise((ok) => server.close(ok)),
    };
  }

  /** A spelling of `path` with some letters in upper case (never `path` itself). */
  const spelling = (path: string, n: number) => {
    const letters = [...path].map((ch, i) => ((n >> i) & 1 ? ch.toUpperCase() : ch)).join("");
    return letters === path ? path.toUpperCase() : letters;
  };

  it("keeps a page once, and sends every other spelling of it there without rendering it again", async () => {
    const s = await site();
    try {
      expect((await s.get("/about")).status).toBe(200);
      expect((await s.get("/about")).status).toBe(200);
      expect(s.renders()).toBe(1);
      for (let n = 1; n <= 60; n++) {
        const res = await s.get(`${spelling("/about", n)}?lng=he`);
        expect(res.status).toBe(301);
        expect(res.headers.get("location")).toBe("/about?lng=he");
      }
      // The Hebrew page is a page of its own (one render), its spellings none more.
      expect(s.renders()).toBe(2);
      expect(s.size()).toBe(1);
    } finally {
      await s.close();
    }
  });

  it("learns a page's address from its canonical link: a spelling asked first is rendered once, not kept", async () => {
    const s = await site();
    try {
      const first = await s.get("/payments");
      expect(first.status).toBe(301);
      expect(first.headers.get("location")).toBe("/Payments");
      expect(s.size()).toBe(0);
      for (const other of ["/PAYMENTS", "/pAyments", "/payments"]) {
        const res = await s.get(other);
        expect(res.status).toBe(301);
        expect(res.headers.get("location")).toBe("/Payments");
      }
      expect(s.renders()).toBe(1);
      expect((await s.get("/Payments")).status).toBe(200);
      expect((await s.get("/Payments")).status).toBe(200);
      expect(s.renders()).toBe(2);
      expect(s.size()).toBe(1);
    } finally {
      await s.close();
    }
  });

  it("keeps nothing and remembers nothing of a path that is no page", async () => {
    const s = await site();
    try {
      for (let n = 0; n < 20; n++) expect((await s.get(`/no-such-page-${n}`)).status).toBe(404);
      expect(s.size()).toBe(0);
    } finally {
      await s.close();
    }
  });
});

describe("canonicalPathOf", () => {
  it("reads the path of a canonical link of the site's own origin only", () => {
    const origin = "https://lomda.example";
    expect(canonicalPathOf('<link rel="canonical" href="https://lomda.example/about?lng=he"/>', origin)).toBe("/about");
    expect(canonicalPathOf('<link href="https://lomda.example/Payments" rel="canonical">', origin)).toBe("/Payments");
    expect(canonicalPathOf('<link rel="canonical" href="https://evil.example/about"/>', origin)).toBeUndefined();
    expect(canonicalPathOf("<p>no link</p>", origin)).toBeUndefined();
  });
});
