// The bare node:http peer of bench/compare.mjs: /healthz and /api/feedback with node:http and
// better-sqlite3 alone, over the same database file as Lomda. In a process of its own, as Lomda and
// the other peers are: sharing the load generator's thread would slow it and flatter Lomda.
// Usage: PORT=… node server.mjs <database file> <health body>
import { createServer } from "node:http";
import Database from "better-sqlite3";

const [dbFile, healthBody] = process.argv.slice(2);
if (!dbFile || !healthBody) throw new Error("usage: node server.mjs <database file> <health body>");
const db = new Database(dbFile, { readonly: true });
const ping = db.prepare("select 1");
// The same rows as Lomda's list: FEEDBACK_PAGE_SIZE (20) newest visible entries.
const page = db.prepare(
  "select id, name, comment, image_url, rating, created_at from feedback where hidden = 0 order by created_at desc, id desc limit 20",
);

const server = createServer((req, res) => {
  if (req.url === "/healthz") {
    ping.get();
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
    return res.end(healthBody);
  }
  if (req.url === "/api/feedback") {
    const items = page.all().map((r) => ({
      id: r.id,
      name: r.name,
      comment: r.comment,
      image: r.image_url,
      rating: r.rating,
      date: r.created_at,
    }));
    res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    return res.end(JSON.stringify(items));
  }
  res.writeHead(404).end();
});
server.listen(Number(process.env.PORT ?? 3494), "127.0.0.1");
