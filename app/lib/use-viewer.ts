import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root";

export type ClientViewer = NonNullable<Awaited<ReturnType<typeof rootLoader>>>["viewer"];

const VISITOR: ClientViewer = { user: null, isAuthenticated: false, hasSubscription: false, isAdmin: false };

/** The viewer from the root loader, on any page (a visitor when the root loader did not run). */
export function useViewer(): ClientViewer {
  return useRouteLoaderData<typeof rootLoader>("root")?.viewer ?? VISITOR;
}
