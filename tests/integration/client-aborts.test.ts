import { readdirSync } from "node:fs";
import { connect } from "node:net";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp } from "./harness.ts";

const ASSETS = resolve(import.meta.dirname, "../../build/client/assets");

/**
 * Sends a raw request and goes away: at once (`after: "sent"`), or once the first bytes of the
 * answer came (`after: "first-bytes"`). What a browser does when the visitor leaves a page early.
 */
function abandon(url: string, head: string, after: "sent" | "first-bytes"): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((done) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(head);
      if (after === "sent") setTimeout(() => socket.destroy(), 5);
    });
    socket.once("data", () => socket.destroy());
    socket.on("error", () => {});
    socket.on("close", () => done());
  });
}

/**
 * D-L17: a client that goes away before its answer is complete is ordinary browsing, not a failure
 * of ours. It is never an error in the log (nor sent to error reporting, which takes what
 * handleError and the shell's last handler see as errors).
 */
describe("a client that aborts its request", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => app?.stop());

  it("is not logged as an error, whether it leaves a page, a built file or a slow answer", async () => {
    const host = new URL(app.url).host;
    const get = (path: string, extra = "") =>
      `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nAccept-Encoding: br, gzip\r\n${extra}\r\n`;
    const script = readdirSync(ASSETS)
      .find((name) => name.endsWith(".js.br"))!
      .replace(/\.br$/, "");
    const big = readdirSync(ASSETS)
      .filter((name) => name.endsWith(".js"))
      .sort()
      .at(-1)!;
    for (let round = 0; round < 5; round++) {
      await Promise.all([
        abandon(app.url, get(`/assets/${script}`), "sent"),
        abandon(app.url, get(`/assets/${big}`), "first-bytes"),
        abandon(app.url, get("/register"), "sent"),
        abandon(app.url, get("/register"), "first-bytes"),
        abandon(app.url, get("/courses/mern/react"), "sent"),
        abandon(app.url, get("/courses/mern/react?lng=he"), "first-bytes"),
        abandon(app.url, get("/__test/slow-page?ms=100"), "sent"),
        abandon(app.url, get("/__test/slow?ms=100"), "sent"),
        // A form post whose body never arrives in full.
        abandon(
          app.url,
          `POST /contact HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${app.url}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 5000\r\n\r\nname=x`,
          "sent",
        ),
      ]);
    }
    // The server is still well, and has had time to log whatever it would.
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    const errors = app.logs.filter((line) => line.level >= 50);
    expect(errors.map((line) => `${line.msg}: ${JSON.stringify(line.err ?? line.path ?? "")}`)).toEqual([]);
    // Each abandoned page is one line at info, for the operator who wonders where a request went.
    const aborted = app.logs.filter((line) => line.msg === "request aborted by the client");
    expect(aborted.some((line) => line.path === "/register" && line.level === 30)).toBe(true);
    expect(aborted.every((line) => line.level <= 30)).toBe(true);
  });
});
