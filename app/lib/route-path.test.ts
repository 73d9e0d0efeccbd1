import { describe, expect, it } from "vitest";
import { routePathname } from "./route-path";

describe("routePathname", () => {
  it("gives the page path for document and data requests alike", () => {
    expect(routePathname(new Request("http://x/test/react"))).toBe("/test/react");
    expect(routePathname(new Request("http://x/test/react.data?attempt=1"))).toBe("/test/react");
    expect(routePathname(new Request("http://x/_root.data"))).toBe("/");
    expect(routePathname(new Request("http://x/"))).toBe("/");
  });
});
