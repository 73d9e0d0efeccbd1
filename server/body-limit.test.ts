import express from "express";
import { Agent, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../app/lib/logger.server.ts";
import {
  bodyLimit,
  bodyTimeout,
  FORM_BODY_LIMIT,
  isUploadRequest,
  UPLOAD_FORM_OVERHEAD,
  uploadBodyLimit,
} from "./body-limit.ts";

const MULTIPART = "multipart/form-data; boundary=----x";
let server: Server | undefined;
afterEach(async () => {
  if (server) await new Promise((ok) => server!.close(ok));
  server = undefined;
});

/** An app behind the given middleware whose handler reads the body and says how much it got (after a while). */
async function serve(middleware: express.RequestHandler, answerAfterMs = 0, trustProxy?: string) {
  const app = express();
  if (trustProxy) app.set("trust proxy", trustProxy);
  app.use(middleware);
  app.use((req, res) => {
    let received = 0;
    req.on("data", (chunk: Buffer) => (received += chunk.length));
    req.on("end", () => setTimeout(() => res.type("text/plain").send(`read ${received}`), answerAfterMs));
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((ok) => server!.once("listening", ok));
  return (server.address() as AddressInfo).port;
}

/** A raw POST: `send` bytes of a declared `length`, then wait (or end when all is sent). */
function post(
  port: number,
  path: string,
  headers: Record<string, string>,
  options: { length: number; send?: number },
): Promise<{ status?: number; body?: string; reset?: boolean; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const req = httpRequest(
      { port, host: "127.0.0.1", path, method: "POST", headers: { ...headers, "content-length": options.length } },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode, body, ms: Date.now() - started }));
        res.on("error", () => resolve({ reset: true, ms: Date.now() - started }));
      },
    );
    req.on("error", () => resolve({ reset: true, ms: Date.now() - started }));
    const send = options.send ?? options.length;
    for (let at = 0; at < send; at += 64 * 1024) req.write(Buffer.alloc(Math.min(64 * 1024, send - at), 0x61));
    if (send >= options.length) req.end();
  });
}

describe("bodyLimit", () => {
  const uploadLimit = 2 * 1024 * 1024;
  function limited(admin: boolean) {
    const asked: string[] = [];
    const middleware = bodyLimit({
      uploadLimit,
      isAdmin: async (req) => {
        asked.push(req.path);
        return admin;
      },
    });
    return { middleware, asked };
  }
  const big = FORM_BODY_LIMIT + 1;

  it("lets an admin's multipart POST under /admin/ through up to the upload limit", async () => {
    const { middleware, asked } = limited(true);
    const port = await serve(middleware);
    expect(await post(port, "/admin/courses/new", { "content-type": MULTIPART }, { length: big })).toMatchObject({
      status: 200,
      body: `read ${big}`,
    });
    expect(await post(port, "/admin/x.data", { "content-type": MULTIPART }, { length: uploadLimit })).toMatchObject({
      status: 200,
    });
    expect(asked).toEqual(["/admin/courses/new", "/admin/x.data"]);
    // Past the upload limit, or not a multipart upload under /admin/: the usual limit, without asking.
    for (const [path, type, length] of [
      ["/admin/courses/new", MULTIPART, uploadLimit + 1],
      ["/admin/courses/new", "application/x-www-form-urlencoded", big],
      ["/admin/courses/new", "application/json", 64 * 1024 + 1],
      ["/admin", MULTIPART, big],
      ["/administrator/x", MULTIPART, big],
      ["/contact", MULTIPART, big],
      ["/feedback/new", MULTIPART, big],
    ] as const) {
      expect((await post(port, path, { "content-type": type }, { length })).status, `${path} ${type}`).toBe(413);
    }
    expect(asked).toHaveLength(2);
    // Within the form limit, nobody is asked.
    expect((await post(port, "/admin/courses/new", { "content-type": MULTIPART }, { length: 1000 })).status).toBe(200);
    expect(asked).toHaveLength(2);
  });

  it("keeps the form limit for anyone else", async () => {
    const { middleware, asked } = limited(false);
    const port = await serve(middleware);
    const res = await post(
      port,
      "/admin/courses/new",
      { "content-type": MULTIPART, accept: "text/html" },
      { length: big },
    );
    expect(res.status).toBe(413);
    expect(asked).toEqual(["/admin/courses/new"]);
  });

  it("sizes the upload limit from the configuration", () => {
    expect(uploadBodyLimit({ maxVideoBytes: 100, maxImageBytes: 5 })).toBe(100 + UPLOAD_FORM_OVERHEAD);
    expect(uploadBodyLimit({ maxVideoBytes: 5, maxImageBytes: 100 })).toBe(100 + UPLOAD_FORM_OVERHEAD);
    // A lesson's resource may be the largest upload (issue 32).
    expect(uploadBodyLimit({ maxVideoBytes: 5, maxImageBytes: 10, maxResourceBytes: 50 })).toBe(
      50 + UPLOAD_FORM_OVERHEAD,
    );
  });

  it("knows an upload: a multipart POST under /admin/", () => {
    const req = (method: string, path: string, type: string) =>
      ({ method, path, get: (h: string) => (h === "content-type" ? type : undefined) }) as unknown as express.Request;
    expect(isUploadRequest(req("POST", "/admin/courses/1", "Multipart/Form-Data; boundary=x"))).toBe(true);
    expect(isUploadRequest(req("GET", "/admin/courses/1", MULTIPART))).toBe(false);
    expect(isUploadRequest(req("POST", "/admin", MULTIPART))).toBe(false);
    expect(isUploadRequest(req("POST", "/api/admin/x", MULTIPART))).toBe(false);
    expect(isUploadRequest(req("POST", "/admin/x", "multipart/mixed; boundary=x"))).toBe(false);
  });
});

describe("bodyTimeout", () => {
  const lines: { msg: string; upload?: boolean }[] = [];
  const log = createLogger(
    "info",
    new Writable({
      write(chunk, _encoding, callback) {
        lines.push(JSON.parse(String(chunk)) as { msg: string });
        callback();
      },
    }),
  );

  /** The shell's order: the body's time first, then the limit, which may grant an admin's upload the long time. */
  function shell(isAdmin: (req: express.Request) => boolean) {
    const timeout = bodyTimeout({ ms: 300, uploadMs: 3000, log });
    const limit = bodyLimit({ uploadLimit: 2 * 1024 * 1024, isAdmin: async (req) => isAdmin(req) });
    return (req: express.Request, res: express.Response, next: express.NextFunction) =>
      timeout(req, res, () => void limit(req, res, next));
  }
  const admin = (req: express.Request) => req.get("cookie") === "admin";

  it("closes a connection whose body trickles past its time; only an admin's upload gets longer", async () => {
    lines.length = 0;
    const port = await serve(shell(admin));
    const big = FORM_BODY_LIMIT + 1;
    const [slowForm, slowUpload, strangersUpload] = await Promise.all([
      post(port, "/contact", { "content-type": "application/x-www-form-urlencoded" }, { length: 1000, send: 10 }),
      post(port, "/admin/courses/new", { "content-type": MULTIPART, cookie: "admin" }, { length: big, send: 10 }),
      // Under /admin/ and multipart, within a form's size: before issue 29, an hour for anyone.
      post(port, "/admin/courses/new", { "content-type": MULTIPART }, { length: 1000, send: 10 }),
    ]);
    expect(slowForm.reset).toBe(true);
    expect(slowForm.ms).toBeGreaterThanOrEqual(250);
    expect(slowForm.ms).toBeLessThan(2500);
    expect(strangersUpload.reset).toBe(true);
    expect(strangersUpload.ms).toBeLessThan(2500);
    expect(slowUpload.reset).toBe(true);
    expect(slowUpload.ms).toBeGreaterThanOrEqual(2900);
    const closed = lines.filter((l) => l.msg === "request body too slow: connection closed");
    expect(closed.map((l) => l.upload).sort()).toEqual([false, false, true]);
  });

  it("answers a stranger's oversized upload at once and closes its connection without reading the body", async () => {
    const port = await serve(shell(admin));
    const big = FORM_BODY_LIMIT + 1;
    // A slow sender: 10 bytes of what it says is more than a form, then nothing.
    const refused = await post(port, "/admin/courses/new", { "content-type": MULTIPART }, { length: big, send: 10 });
    expect(refused.status).toBe(413);
    expect(refused.ms).toBeLessThan(250);
    // The connection does not stay: the server closes it once the answer is out.
    const closed = await new Promise<number>((resolve) => {
      const started = Date.now();
      const req = httpRequest({
        port,
        host: "127.0.0.1",
        path: "/admin/courses/new",
        method: "POST",
        headers: { "content-type": MULTIPART, "content-length": big },
      });
      req.on("response", (res) => {
        expect(res.headers.connection).toBe("close");
        res.resume();
        req.socket?.once("close", () => resolve(Date.now() - started));
      });
      req.on("error", () => resolve(Date.now() - started));
      req.write("x".repeat(10));
    });
    expect(closed).toBeLessThan(2500);
  });

  it("keeps a trusted proxy's connection after refusing a body, so the proxy can finish sending it", async () => {
    // nginx streams an upload on as it comes; a connection closed under it while it is still
    // sending becomes its 502 instead of the app's 413 (seen in the deployment test).
    const port = await serve(shell(admin), 0, "127.0.0.1");
    const body = "x".repeat(FORM_BODY_LIMIT + 1);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = () =>
      new Promise<{ status?: number; connection?: string; error?: string }>((resolve) => {
        const req = httpRequest({
          port,
          host: "127.0.0.1",
          path: "/admin/courses/new",
          method: "POST",
          agent,
          headers: { "content-type": MULTIPART, "content-length": body.length },
        });
        req.on("response", (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode, connection: res.headers.connection }));
        });
        req.on("error", (error) => resolve({ error: error.message }));
        req.end(body);
      });
    const first = await send();
    expect(first).toEqual({ status: 413, connection: "keep-alive" });
    // The same connection carries the next request.
    expect(await send()).toEqual({ status: 413, connection: "keep-alive" });
    agent.destroy();
  });

  it("leaves a request alone once its body is in, however long the answer takes", async () => {
    const port = await serve(bodyTimeout({ ms: 100, uploadMs: 100, log }), 400);
    const whole = await post(port, "/contact", { "content-type": "text/plain" }, { length: 5000 });
    expect(whole).toMatchObject({ status: 200, body: "read 5000" });
    expect(whole.ms).toBeGreaterThanOrEqual(350);
    const get = await fetch(`http://127.0.0.1:${port}/`);
    expect(await get.text()).toBe("read 0");
  });
});
