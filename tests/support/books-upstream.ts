// A local stand-in for the Google Books volumes endpoint: replays the recorded answers in
// tests/fixtures/google-books/ (by query), and misbehaves on request for the failure tests:
// "hang" never answers, "boom" answers 500, "garbage" answers non-JSON, "huge" answers 3 MB,
// "redirect" answers a redirect. It also answers hCaptcha's POST /siteverify (token "good-token"), and
// serves the YouTube IFrame Player API stand-in (youtube-iframe-api.js) at /youtube/iframe_api.
// Runnable on its own for the browser tests (BOOKS_UPSTREAM_PORT).
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

// Recorded Google Books answers (where each came from: tests/fixtures/google-books/SOURCES.md).
const FIXTURES = fileURLToPath(new URL("../fixtures/google-books/", import.meta.url));
const YOUTUBE_STAND_IN = fileURLToPath(new URL("./youtube-iframe-api.js", import.meta.url));

const BY_QUERY: Record<string, string> = {
  // The answer a search for "javascript" got in Israel (country IL): all ten NOT_FOR_SALE.
  javascript: "q-effective-javascript.json",
  flutter: "q-flutter.json",
  python: "q-python.json",
  "effective javascript": "q-effective-javascript.json",
  "flowers inauthor": "q-flowers-inauthor.json",
  "harry potter": "q-harry-potter.json",
};

export interface BooksUpstream {
  url: string;
  requests: URL[];
  close(): void;
}

export async function startBooksUpstream(port = 0): Promise<BooksUpstream> {
  const requests: URL[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://local");
    requests.push(url);
    if (url.pathname === "/siteverify" && req.method === "POST") {
      // Also a stand-in for hCaptcha's siteverify: the token "good-token" with the test secret passes.
      let body = "";
      req.on("data", (c: Buffer) => (body += c));
      req.on("end", () => {
        const form = new URLSearchParams(body);
        const success = form.get("response") === "good-token" && form.get("secret") === "hcaptcha-test-secret";
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ success }));
      });
      return;
    }
    // YouTube's IFrame Player API, for the progress of YouTube lessons (YOUTUBE_IFRAME_API_URL).
    if (url.pathname === "/youtube/iframe_api")
      return void res
        .writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-store" })
        .end(readFileSync(YOUTUBE_STAND_IN));
    if (url.pathname !== "/books/v1/volumes") return void res.writeHead(404).end();
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    if (q === "hang") return; // never answers
    if (q === "slow") return void setTimeout(() => send("empty.json"), 400);
    if (q === "boom")
      return void res.writeHead(500, { "content-type": "application/json" }).end('{"error":{"code":500}}');
    if (q === "garbage") return void res.writeHead(200, { "content-type": "application/json" }).end("<html>not json");
    if (q === "redirect") return void res.writeHead(302, { location: "http://127.0.0.1:9/evil" }).end();
    if (q === "huge")
      return void res
        .writeHead(200, { "content-type": "application/json" })
        .end(`{"items":[${'"x",'.repeat(800_000)}"x"]}`);
    // filter=ebooks: Google answers with e-books only (FOR_SALE or FREE). No such answer was recorded;
    // "javascript" gets one assembled from recorded items (SOURCES.md), the others their recorded
    // answer without its NOT_FOR_SALE items.
    if (url.searchParams.get("filter") === "ebooks") {
      if (q === "javascript") return send("assembled-javascript-ebooks.json");
      const recorded = JSON.parse(readFileSync(`${FIXTURES}${BY_QUERY[q] ?? "empty.json"}`, "utf8")) as {
        items?: { saleInfo?: { saleability?: string } }[];
      };
      const items = (recorded.items ?? []).filter((item) => item.saleInfo?.saleability !== "NOT_FOR_SALE");
      res
        .writeHead(200, { "content-type": "application/json; charset=UTF-8" })
        .end(JSON.stringify({ kind: "books#volumes", totalItems: items.length, items }));
      return;
    }
    send(BY_QUERY[q] ?? "empty.json");
    function send(file: string) {
      res.writeHead(200, { "content-type": "application/json; charset=UTF-8" }).end(readFileSync(`${FIXTURES}${file}`));
    }
  });
  await new Promise<void>((ok) => server.listen(port, "127.0.0.1", ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/books/v1/volumes`,
    requests,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const upstream = await startBooksUpstream(Number(process.env.BOOKS_UPSTREAM_PORT ?? 3330));
  console.log(`books upstream on ${upstream.url}`);
  process.on("SIGTERM", () => {
    upstream.close();
    process.exit(0);
  });
}
