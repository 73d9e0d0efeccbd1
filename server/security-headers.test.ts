import { describe, expect, it } from "vitest";
import { buildCsp } from "./security-headers.ts";

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

  it("forbids frames when none are needed", () => {
    expect(buildCsp("n", { frameSrc: [], https: false })).toContain("frame-src 'none'");
  });
});
