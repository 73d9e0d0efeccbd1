import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { spawnServer, startApp, tempDataDir } from "./harness.ts";

/** A local stand-in for Sentry's ingest endpoint: records every envelope it receives. */
async function fakeIngest() {
  const envelopes: string[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      envelopes.push((req.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8"));
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  return { dsn: `http://publickey@127.0.0.1:${port}/1`, envelopes, close: () => server.close() };
}

describe("error reporting", () => {
  it("sends a server failure to Sentry with the request id when SENTRY_DSN is set", async () => {
    const ingest = await fakeIngest();
    const data = tempDataDir();
    const proc = spawnServer({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: data.dir,
      DATABASE_URL: `file:${data.dir}/e.db`,
      LOMDA_TEST_ROUTES: "1",
      SENTRY_DSN: ingest.dsn,
    });
    const url = await proc.ready;
    const page = await fetch(`${url}/`);
    expect(await page.text()).toContain(`<meta name="sentry-dsn" content="${ingest.dsn}"/>`);
    expect(page.headers.get("content-security-policy")).toContain(`connect-src 'self' ${new URL(ingest.dsn).origin}`);

    const failure = await fetch(`${url}/__test/throw`);
    expect(failure.status).toBe(500);
    const requestId = failure.headers.get("x-request-id")!;
    await expect
      .poll(() => ingest.envelopes.find((e) => e.includes("Deliberate failure")), { timeout: 10_000 })
      .toBeDefined();
    const envelope = ingest.envelopes.find((e) => e.includes("Deliberate failure"))!;
    expect(envelope).toContain(requestId);
    proc.child.kill("SIGTERM");
    await proc.exited;
    ingest.close();
    data.cleanup();
  });

  it("loads and sends nothing when SENTRY_DSN is unset", async () => {
    const app = await startApp();
    const res = await fetch(`${app.url}/`);
    const html = await res.text();
    expect(html).not.toContain('name="sentry-dsn"');
    expect(html).not.toMatch(/index\.client-[\w-]+\.js/); // the SDK chunk is not even preloaded
    expect(res.headers.get("content-security-policy")).toContain("connect-src 'self';");
    await app.stop();
  });
});
