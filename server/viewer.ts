import type { Request } from "express";
import type { AppServices } from "../app/context.server.ts";
import { loadViewer, type ViewerInfo } from "../app/models/viewer.server.ts";

/** Who sends this Express request (its session cookie), for the handlers outside the router. */
export function viewerOf(services: AppServices, req: Request): Promise<ViewerInfo> {
  const headers = new Headers();
  if (req.headers.cookie) headers.set("cookie", req.headers.cookie);
  return loadViewer(services.db, services.config, new Request("http://local/", { headers }));
}
