import { describe, expect, it } from "vitest";
import { canonicalPagePath, normalizedPath, routePathname } from "./route-path";

describe("routePathname", () => {
  it("gives the page path for document and data requests alike", () => {
    expect(routePathname(new Request("http://x/test/react"))).toBe("/test/react");
    expect(routePathname(new Request("http://x/test/react.data?attempt=1"))).toBe("/test/react");
    expect(routePathname(new Request("http://x/_root.data"))).toBe("/");
    expect(routePathname(new Request("http://x/"))).toBe("/");
  });
});

describe("normalizedPath", () => {
  it("writes unreserved characters as themselves, other escapes in upper case, and drops a trailing slash", () => {
    expect(normalizedPath("/%61bout")).toBe("/about");
    expect(normalizedPath("/about/")).toBe("/about");
    expect(normalizedPath("/about//")).toBe("/about");
    expect(normalizedPath("/")).toBe("/");
    expect(normalizedPath("/courses/%6D%65rn/react/")).toBe("/courses/mern/react");
    expect(normalizedPath("/x%c3%a9")).toBe("/x%C3%A9");
    expect(normalizedPath("/a%2Fb")).toBe("/a%2Fb");
    // Letter case is the page's business (canonicalPagePath), not the spelling's.
    expect(normalizedPath("/Payments")).toBe("/Payments");
  });

  it("never decodes a dot, so no escape turns into a dot-segment", () => {
    expect(normalizedPath("/%2e%2e/admin")).toBe("/%2E%2E/admin");
  });

  it("leaves a normalized path as it is", () => {
    for (const path of ["/", "/about", "/test/react", "/certificates/AbC-_09", "/x%C3%A9"])
      expect(normalizedPath(path)).toBe(path);
  });
});

describe("canonicalPagePath", () => {
  it("is the normalized path in lower case, escapes kept in upper case", () => {
    expect(canonicalPagePath("/About/")).toBe("/about");
    expect(canonicalPagePath("/test/React")).toBe("/test/react");
    expect(canonicalPagePath("/%41bout")).toBe("/about");
    expect(canonicalPagePath("/X%c3%a9")).toBe("/x%C3%A9");
  });
});
