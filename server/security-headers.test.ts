import { describe, expect, it } from "vitest";
import { buildCsp, buildHashCsp } from "./security-headers.ts";

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
