import type { NextFunction, Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import type { AppServices } from "../app/context.server.ts";
import { loadConfig } from "../app/lib/env.server.ts";

// The comparison, watched: every token a request offers goes through timingSafeEqual.
const compared = vi.hoisted(() => [] as [number, number][]);
vi.mock("node:crypto", async (original) => {
  const crypto = await original<typeof import("node:crypto")>();
  return {
    ...crypto,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      compared.push([a.byteLength, b.byteLength]);
      return crypto.timingSafeEqual(a, b);
    },
  };
});
const { metricsEndpoint } = await import("./metrics.ts");

const TOKEN = "a-token-of-thirty-two-characters-or-more";

function ask(authorization?: string) {
  const services = { config: loadConfig({ METRICS_TOKEN: TOKEN }) } as unknown as AppServices;
  const req = { headers: authorization ? { authorization } : {}, ip: "203.0.113.9", socket: {} } as unknown as Request;
  const next = vi.fn<(error?: unknown) => void>();
  // A stranger never reaches the scrape: passed on before anything is read.
  metricsEndpoint(services)(req, {} as Response, next as NextFunction);
  return next;
}

describe("the /metrics token check", () => {
  it("compares in constant time: digests of equal length, whatever the length offered", () => {
    compared.length = 0;
    for (const offered of ["x", TOKEN.slice(0, -1), `${TOKEN}x`, "y".repeat(500)]) {
      const next = ask(`Bearer ${offered}`);
      expect(next).toHaveBeenCalledTimes(1);
    }
    expect(compared).toEqual([
      [32, 32],
      [32, 32],
      [32, 32],
      [32, 32],
    ]);
  });

  it("passes on a request without a bearer token without comparing anything", () => {
    compared.length = 0;
    expect(ask()).toHaveBeenCalledTimes(1);
    expect(ask(`Basic ${TOKEN}`)).toHaveBeenCalledTimes(1);
    expect(compared).toEqual([]);
  });
});
