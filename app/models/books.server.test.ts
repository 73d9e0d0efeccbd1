import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBooksUpstream, type BooksUpstream } from "../../tests/support/books-upstream.ts";
import { createLogger } from "~/lib/logger.server";
import { BooksClient, plainText, safeHttpUrl, safeThumbnail, toBookViews } from "./books.server";

describe("the books upstream client", () => {
  let upstream: BooksUpstream;
  beforeAll(async () => {
    upstream = await startBooksUpstream();
  });
  afterAll(() => upstream.close());

  const client = (timeoutMs = 2000, now?: () => number) =>
    new BooksClient({ url: upstream.url, key: "SECRET-KEY-123", timeoutMs, log: createLogger("silent"), now });

  it("calls the configured endpoint with q, maxResults=40 and the key, the query only as an encoded parameter", async () => {
    const books = client();
    const before = upstream.requests.length;
    const outcome = await books.search("  python  ");
    expect(outcome.status).toBe("ok");
    const request = upstream.requests[before]!;
    expect(request.pathname).toBe("/books/v1/volumes");
    expect(request.searchParams.get("q")).toBe("python");
    expect(request.searchParams.get("maxResults")).toBe("40");
    expect(request.searchParams.get("key")).toBe("SECRET-KEY-123");
    await books.search("../../admin?x=1#frag");
    const odd = upstream.requests.at(-1)!;
    expect(odd.pathname).toBe("/books/v1/volumes");
    expect(odd.searchParams.get("q")).toBe("../../admin?x=1#frag");
  });

  it("makes no call for an empty query", async () => {
    const books = client();
    expect(await books.search("   ")).toEqual({ status: "ok", volumes: [], leftOut: 0 });
    expect(books.calls).toBe(0);
  });

  it("leaves out NOT_FOR_SALE books and shows the three card variants", async () => {
    const flowers = await client().search("flowers inauthor");
    if (flowers.status !== "ok") throw new Error("expected ok");
    expect(flowers.volumes).toHaveLength(10);
    const free = toBookViews(flowers.volumes, "en");
    expect(free).toHaveLength(3); // 7 of the 10 are NOT_FOR_SALE
    expect(free.every((b) => b.saleability === "FREE")).toBe(true);
    const pdf = free.find((b) => b.id === "qBxhhMkSLRMC")!;
    expect(pdf.pdfLink).toMatch(/^https?:\/\//);
    expect(pdf.price).toBeNull();

    const flutter = await client().search("flutter");
    if (flutter.status !== "ok") throw new Error("expected ok");
    const forSale = toBookViews(flutter.volumes, "en");
    expect(forSale).toHaveLength(5);
    for (const b of forSale) {
      expect(b.saleability).toBe("FOR_SALE");
      expect(b.price).toMatch(/R\$|BRL/);
      expect(b.buyLink).toMatch(/^https?:\/\//);
      expect(b.pdfLink).toBeNull();
      expect(
        b.thumbnail.startsWith("https://books.google.com/") || b.thumbnail === "/images/books/placeholder.svg",
      ).toBe(true);
    }
  });

  it("formats prices for the page's language", async () => {
    const outcome = await client().search("harry potter");
    if (outcome.status !== "ok") throw new Error("expected ok");
    const en = toBookViews(outcome.volumes, "en");
    const he = toBookViews(outcome.volumes, "he");
    expect(en).toHaveLength(3);
    expect(en[0]!.price).toMatch(/^\$\d+\.\d{2}$/);
    expect(he[0]!.price).toMatch(/\d+\.\d{2}.*\$/);
    expect(he[0]!.price).not.toBe(en[0]!.price);
  });

  it("shares one upstream call between identical concurrent searches, and caches the answer", async () => {
    const books = client();
    const [a, b] = await Promise.all([books.search("Python"), books.search("python")]);
    expect(a).toEqual(b);
    expect(books.calls).toBe(2); // the search and its e-books follow-up (one book of ten can be shown)
    await books.search("PYTHON");
    expect(books.calls).toBe(2);
  });

  it("expires the cache after its TTL", async () => {
    let now = 1_000_000;
    const books = client(2000, () => now);
    await books.search("python");
    now += 11 * 60_000;
    await books.search("python");
    expect(books.calls).toBe(4);
  });

  it("asks once more, for e-books only, when the first answer shows few books and the upstream has more", async () => {
    const books = client();
    const before = upstream.requests.length;
    const outcome = await books.search("javascript");
    if (outcome.status !== "ok") throw new Error("expected ok");
    const asked = upstream.requests.slice(before);
    expect(asked.map((r) => r.searchParams.get("filter"))).toEqual([null, "ebooks"]);
    expect(asked[1]!.searchParams.get("maxResults")).toBe("40");
    expect(asked[1]!.searchParams.get("q")).toBe("javascript");
    const shown = toBookViews(outcome.volumes, "en");
    expect(shown).toHaveLength(12); // none of the first ten, all twelve e-books
    expect(outcome.leftOut).toBe(10);
    expect(shown.some((b) => b.saleability === "FREE") && shown.some((b) => b.saleability === "FOR_SALE")).toBe(true);
  });

  it("merges the e-books without repeating a book the first answer had", async () => {
    const outcome = await client().search("flutter"); // the e-books answer repeats the five FOR_SALE books
    if (outcome.status !== "ok") throw new Error("expected ok");
    const ids = outcome.volumes.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(toBookViews(outcome.volumes, "en")).toHaveLength(5);
    expect(outcome.leftOut).toBe(5);
  });

  it("keeps the first answer's books when the e-books call fails", async () => {
    const failing = await startBooksUpstream();
    const original = failing.url;
    // The same fake, but every filter=ebooks request fails.
    const { createServer } = await import("node:http");
    const proxy = createServer((req, res) => {
      if (req.url?.includes("filter=ebooks")) return void res.writeHead(500).end("{}");
      fetch(`${original}${req.url!.slice(req.url!.indexOf("?"))}`)
        .then(async (r) => res.writeHead(r.status, { "content-type": "application/json" }).end(await r.text()))
        .catch(() => res.writeHead(502).end());
    });
    await new Promise<void>((ok) => proxy.listen(0, "127.0.0.1", ok));
    try {
      const port = (proxy.address() as { port: number }).port;
      const books = new BooksClient({
        url: `http://127.0.0.1:${port}/books/v1/volumes`,
        timeoutMs: 2000,
        log: createLogger("silent"),
      });
      const outcome = await books.search("flutter");
      if (outcome.status !== "ok") throw new Error("expected ok");
      expect(toBookViews(outcome.volumes, "en")).toHaveLength(5);
      expect(outcome.leftOut).toBe(5);
    } finally {
      proxy.close();
      failing.close();
    }
  });

  it("does not ask again when the first answer holds everything there is", async () => {
    const books = client();
    const before = upstream.requests.length;
    await books.search("nothing here"); // empty: totalItems 0
    expect(upstream.requests.slice(before).map((r) => r.searchParams.get("filter"))).toEqual([null]);
  });

  it("answers 'unavailable' for a hanging, failing, garbled, huge or redirecting upstream, within the timeout", async () => {
    for (const q of ["hang", "boom", "garbage", "huge", "redirect"]) {
      const books = client(300);
      const started = Date.now();
      expect(await books.search(q), q).toEqual({ status: "unavailable" });
      expect(Date.now() - started, q).toBeLessThan(2000);
    }
  });

  it("retries a 5xx once, then opens a circuit so a dead upstream costs nothing", async () => {
    const books = client(300);
    await books.search("boom");
    expect(books.calls).toBe(2); // one retry
    await books.search("boom");
    await books.search("boom");
    const calls = books.calls;
    expect(await books.search("python")).toEqual({ status: "unavailable" }); // the circuit is open
    expect(books.calls).toBe(calls);
  });

  // "Three failures in a row open the circuit": failed calls to the upstream, not failed searches.
  it("opens the circuit on the third failed call, so a dead upstream gets three calls, not six", async () => {
    const books = client(300);
    await books.search("boom"); // the call and its retry
    await books.search("boom"); // the third failed call opens the circuit: no retry
    expect(books.calls).toBe(3);
    expect(await books.search("python")).toEqual({ status: "unavailable" });
    expect(books.calls).toBe(3);
  });

  it("after its 30 s, one more failure opens the circuit again, a success closes it", async () => {
    let now = Date.parse("2026-11-27T10:00:00Z");
    const books = client(300, () => now);
    for (const q of ["hang", "garbage", "huge"]) await books.search(q); // three failed calls, none retried
    expect(books.calls).toBe(3);
    now += 30_001;
    const started = Date.now();
    expect(await books.search("hang")).toEqual({ status: "unavailable" }); // a trial: it waits its timeout
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(books.calls).toBe(4);
    expect(await books.search("python")).toEqual({ status: "unavailable" }); // open again at once
    expect(books.calls).toBe(4);
    now += 30_001;
    expect((await books.search("python")).status).toBe("ok");
    await books.search("boom"); // the call and its retry: two failures after a success, still closed
    expect((await books.search("flutter")).status).toBe("ok");
  });
});

describe("untrusted upstream data", () => {
  it("keeps only absolute http(s) links", () => {
    expect(safeHttpUrl("https://play.google.com/x")).toBe("https://play.google.com/x");
    expect(safeHttpUrl("javascript:alert(1)")).toBeNull();
    expect(safeHttpUrl("data:text/html,<script>")).toBeNull();
    expect(safeHttpUrl("//evil.example/x")).toBeNull();
    expect(safeHttpUrl("/relative")).toBeNull();
  });

  it("upgrades covers to https and keeps them to the allowed hosts", () => {
    expect(safeThumbnail("http://books.google.com/books/content?id=1")).toBe(
      "https://books.google.com/books/content?id=1",
    );
    expect(safeThumbnail("https://evil.example/x.png")).toBe("/images/books/placeholder.svg");
    expect(safeThumbnail("javascript:alert(1)")).toBe("/images/books/placeholder.svg");
    expect(safeThumbnail("/images/books/abc.svg")).toBe("/images/books/abc.svg");
    expect(safeThumbnail("/images/../secret")).toBe("/images/books/placeholder.svg");
  });

  it("reduces HTML descriptions to text", () => {
    expect(plainText("<b>Bold</b> and <script>alert(1)</script><i>it</i>&amp;")).toBe("Bold and alert(1) it &");
    expect(plainText("")).toBeNull();
  });
});
