import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pageScripts } from "./page-cache.ts";

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
