import type { Request } from "express";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AppServices } from "../app/context.server.ts";

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock("../app/models/viewer.server.ts", () => ({
  loadViewer: async () => ({ viewer: { load: ++loads.count } }),
}));
const { cachedViewerOf, VIEWER_CACHE_MS } = await import("./viewer.ts");

const services = { db: {}, config: {} } as unknown as AppServices;
const request = (cookie?: string) => ({ headers: cookie ? { cookie } : {} }) as unknown as Request;

describe("the video requests' viewer cache", () => {
  beforeEach(() => {
    loads.count = 0;
  });

  it("reuses one lookup per Cookie header for VIEWER_CACHE_MS, then looks again", async () => {
    let now = 1_000_000;
    const viewerOf = cachedViewerOf(services, () => now);
    const first = await viewerOf(request("lomda_session=a"));
    expect(await viewerOf(request("lomda_session=a"))).toBe(first);
    now += VIEWER_CACHE_MS - 1;
    expect(await viewerOf(request("lomda_session=a"))).toBe(first);
    expect(loads.count).toBe(1);
    now += 1;
    const again = await viewerOf(request("lomda_session=a"));
    expect(again).not.toBe(first);
    expect(loads.count).toBe(2);
  });

  it("keeps different cookies apart and never caches a request without cookies", async () => {
    const viewerOf = cachedViewerOf(services, () => 0);
    const a = await viewerOf(request("lomda_session=a"));
    const b = await viewerOf(request("lomda_session=b"));
    expect(a).not.toBe(b);
    await viewerOf(request());
    await viewerOf(request());
    expect(loads.count).toBe(4);
  });
});
