import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { buildCsp, buildHashCsp, pageHeaders, securityHeaders } from "./security-headers.ts";

describe("content security policy", () => {
  it("allows only nonce'd scripts and same-origin everything else", () => {
    const csp = buildCsp("abc123", { frameSrc: ["https://maps.example"], https: false });
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'nonce-abc123' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-src https://maps.example");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("unsafe-eval");
  });

  it("allows media from our origin, and from the bucket lesson videos are redirected to when there is one", () => {
    expect(buildCsp("n", { frameSrc: [], https: false })).toContain("media-src 'self';");
    const bucket = { frameSrc: [], https: false, mediaSrc: ["https://lomda.s3.example.com"] };
    expect(buildCsp("n", bucket)).toContain("media-src 'self' https://lomda.s3.example.com;");
    expect(buildHashCsp([], bucket)).toContain("media-src 'self' https://lomda.s3.example.com;");
  });

  it("forbids frames when none are needed", () => {
    expect(buildCsp("n", { frameSrc: [], https: false })).toContain("frame-src 'none'");
  });

  it("allows a cached page's inline scripts by hash and its modules from our origin, nothing inline else", () => {
    const options = { frameSrc: [], https: false, scriptOrigins: ["https://hcaptcha.com"] };
    const csp = buildHashCsp(["sha256-AAA=", "sha256-BBB="], options);
    expect(csp).toContain("script-src 'self' 'sha256-AAA=' 'sha256-BBB=' https://hcaptcha.com;");
    expect(csp).not.toContain("nonce-");
    expect(csp).not.toContain("strict-dynamic");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(buildCsp("n", options)).not.toContain("hcaptcha"); // nonce'd pages trust what their scripts load
  });
});

describe("a page's headers for the fast lane (decision 0059)", () => {
  it("are the names securityHeaders sets on a page, in its order and spelling, with the same values but the policy", () => {
    for (const https of [false, true]) {
      const set: [string, string][] = [];
      const res = { locals: {}, setHeader: (name: string, value: string) => void set.push([name, value]) };
      let next = false;
      securityHeaders({ frameSrc: [], https })({ path: "/about" } as Request, res as unknown as Response, () => {
        next = true;
      });
      expect(next).toBe(true);
      const lane = pageHeaders({ https });
      expect(lane.map(([name]) => name)).toEqual(set.map(([name]) => name));
      for (const [i, [name, value]] of lane.entries())
        if (name !== "Content-Security-Policy") expect(value, name).toBe(set[i]![1]);
      expect(lane.some(([name]) => name === "Strict-Transport-Security")).toBe(https);
    }
  });
});
