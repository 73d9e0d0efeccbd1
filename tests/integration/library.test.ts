import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBooksUpstream, type BooksUpstream } from "../support/books-upstream.ts";
import { startApp } from "./harness.ts";

const KEY = "test-books-key-that-must-never-leak";

describe("the e-library over HTTP", () => {
  let upstream: BooksUpstream;
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    upstream = await startBooksUpstream();
    app = await startApp({ BOOKS_API_URL: upstream.url, BOOKS_API_KEY: KEY, BOOKS_TIMEOUT_MS: "500" });
  });
  afterAll(async () => {
    await app.stop();
    upstream.close();
  });
  const get = (path: string) => fetch(`${app.url}${path}`);

  it("shows the 12 suggested books and a prompt, with no upstream call, when there is no query", async () => {
    const before = upstream.requests.length;
    for (const path of ["/library", "/library?q=", "/library?q=%20%20"]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Suggested Books");
      expect(html.match(/data-testid="book-card"/g)).toHaveLength(12);
      expect(html).toContain("Type a title, an author or a topic");
    }
    expect(upstream.requests.length).toBe(before);
  });

  it("shows results: free books with Download Pdf, for-sale books with a price and Buy Now; NOT_FOR_SALE left out", async () => {
    const flowers = await (await get("/library?q=flowers+inauthor")).text();
    const results = flowers.slice(
      flowers.indexOf('data-testid="search-results"'),
      flowers.indexOf('id="suggested-heading"'),
    );
    expect(results.match(/data-testid="book-card"/g)).toHaveLength(3);
    // One has a PDF; the other two are free with only an epub: they offer reading online instead.
    expect(results.match(/data-testid="download-pdf"/g)).toHaveLength(1);
    expect(results.match(/data-testid="read-online"/g)).toHaveLength(2);
    expect(results).not.toContain('data-testid="buy-now"');
    const flutter = await (await get("/library?q=flutter&lng=he")).text();
    const forSale = flutter.slice(
      flutter.indexOf('data-testid="search-results"'),
      flutter.indexOf('id="suggested-heading"'),
    );
    expect(forSale.match(/data-testid="book-card"/g)).toHaveLength(5);
    expect(forSale.match(/data-testid="buy-now"/g)).toHaveLength(5);
    expect(forSale).toContain("R$");
    expect(flutter).toContain("הספרים שלכם");
    // The books' English titles and authors are marked English on the Hebrew page (a Hebrew voice
    // would read them with Hebrew sounds).
    const titles = [...flutter.matchAll(/<h3 id="book-[^"]*"[^>]*><bdi([^>]*)>/g)].map((m) => m[1]);
    expect(titles.length).toBeGreaterThan(5);
    expect(titles.filter((attributes) => attributes!.includes('lang="en"')).length).toBeGreaterThan(5);
  });

  it("asks for e-books when most books cannot be shown, and says how many were left out, in both languages", async () => {
    const before = upstream.requests.length;
    const english = await (await get("/library?q=javascript")).text();
    expect(upstream.requests.slice(before).map((r) => r.searchParams.get("filter"))).toEqual([null, "ebooks"]);
    const results = english.slice(
      english.indexOf('data-testid="search-results"'),
      english.indexOf('id="suggested-heading"'),
    );
    expect(results.match(/data-testid="book-card"/g)).toHaveLength(12);
    expect(english).toContain("12 books for “\u2068javascript\u2069”");
    expect(english).toContain("10 more books were found that cannot be bought or read here, so they are not shown.");
    const hebrew = (await (await get("/library?q=javascript&lng=he")).text()).replaceAll("&quot;", '"');
    // The count before the quoted words, never inside the quotes.
    expect(hebrew).toContain('נמצאו 12 ספרים בחיפוש "\u2068javascript\u2069"');
    expect(hebrew).toContain("נמצאו עוד 10 ספרים שאי אפשר לקנות או לקרוא כאן, ולכן אינם מוצגים.");
    const api = (await (await get("/api/books?q=javascript")).json()) as { items: unknown[]; leftOut: number };
    expect(api.items).toHaveLength(12);
    expect(api.leftOut).toBe(10);
    // Nothing left out: no such line.
    expect(await (await get("/library?q=zzzz-nothing")).text()).not.toContain('data-testid="library-left-out"');
  });

  it("says so when nothing is found, and keeps the suggestions", async () => {
    const html = await (await get("/library?q=zzzz-no-such-book")).text();
    // The words searched for are isolated (U+2068…U+2069, as <bdi>): they keep their own direction.
    expect(html).toContain("No books found for “\u2068zzzz-no-such-book\u2069”");
    expect(html.match(/data-testid="book-card"/g)).toHaveLength(12);
  });

  it("serves the same results as JSON at /api/books", async () => {
    const res = await get("/api/books?q=harry+potter");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const body = (await res.json()) as {
      query: string;
      status: string;
      items: { saleability: string; price: string }[];
    };
    expect(body.query).toBe("harry potter");
    expect(body.items).toHaveLength(3);
    expect(body.items.every((b) => b.saleability === "FOR_SALE")).toBe(true);
    const empty = (await (await get("/api/books")).json()) as { items: unknown[] };
    expect(empty.items).toEqual([]);
  });

  it("never sends the key to the browser, in any response", async () => {
    const paths = [
      "/library",
      "/library?q=python",
      "/library?q=flutter",
      "/api/books?q=python",
      "/api/books?q=harry+potter",
      "/",
    ];
    for (const path of paths) {
      const res = await get(path);
      expect(await res.text(), path).not.toContain(KEY);
      expect(JSON.stringify([...res.headers]), path).not.toContain(KEY);
    }
    expect(JSON.stringify(app.logs)).not.toContain(KEY);
  });

  it("renders upstream text as text", async () => {
    const html = await (await get("/library?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E")).text();
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
  // Last: three failures in a row open the circuit for 30 s.
  it("still renders (200) with a translated message when the upstream fails or hangs, within the timeout", async () => {
    for (const q of ["boom", "garbage", "hang"]) {
      const started = Date.now();
      const res = await get(`/library?q=${q}&lng=he`);
      expect(res.status, q).toBe(200);
      expect(Date.now() - started, q).toBeLessThan(3000);
      const html = await res.text();
      expect(html, q).toContain("החיפוש אינו זמין כרגע");
      expect(html.match(/data-testid="book-card"/g)).toHaveLength(12);
    }
    expect(app.logs.some((l) => l.msg === "library search failed")).toBe(true);
  });
});
