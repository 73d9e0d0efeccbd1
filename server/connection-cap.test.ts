import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../app/lib/logger.server.ts";
import { capConnections } from "./connection-cap.ts";

describe("connections per client (issue 29)", () => {
  let server: Server | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    if (server) await new Promise((ok) => server!.close(ok));
    server = undefined;
  });

  const lines: { msg: string }[] = [];
  const log = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line)) });

  async function serve(trusted: (address: string) => boolean) {
    server = createServer((_req, res) => res.end("ok"));
    const cap = capConnections(server, { max: 4, trusted, log });
    await new Promise<void>((ok) => server!.listen(0, "127.0.0.1", ok));
    return { port: (server.address() as AddressInfo).port, cap };
  }

  /** Opens a connection from `localAddress`; says whether the server kept it (answered a request on it). */
  function openFrom(port: number, localAddress: string): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = connect({ port, host: "127.0.0.1", localAddress });
      sockets.push(socket);
      let answer = "";
      socket.on("data", (chunk) => {
        answer += chunk.toString();
        if (answer.includes("ok")) resolve(true);
      });
      socket.on("close", () => resolve(false));
      socket.on("error", () => resolve(false));
      socket.on("connect", () => socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
    });
  }

  it("closes a client's connections past the cap at once, counts each client apart, and logs it once", async () => {
    const { port, cap } = await serve(() => false);
    const kept = [];
    for (let i = 0; i < 4; i++) kept.push(await openFrom(port, "127.0.0.3"));
    expect(kept).toEqual([true, true, true, true]);
    expect(await openFrom(port, "127.0.0.3")).toBe(false);
    expect(await openFrom(port, "127.0.0.3")).toBe(false);
    expect(await openFrom(port, "127.0.0.4")).toBe(true);
    expect(cap.open("127.0.0.3")).toBe(4);
    expect(lines.filter((l) => l.msg === "too many connections from one client: refused")).toHaveLength(1);
    // One closed: room for one more.
    sockets[0]!.destroy();
    await expect.poll(() => cap.open("127.0.0.3")).toBe(3);
    expect(await openFrom(port, "127.0.0.3")).toBe(true);
  });

  it("leaves a trusted proxy's connections alone: they carry everyone's requests", async () => {
    const { port } = await serve((address) => address === "127.0.0.5");
    const kept = [];
    for (let i = 0; i < 8; i++) kept.push(await openFrom(port, "127.0.0.5"));
    expect(kept.every(Boolean)).toBe(true);
  });
});
