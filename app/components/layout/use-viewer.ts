import { useRootData } from "./use-root-data";
import type { ClientViewer } from "~/models/viewer.types";

const VISITOR: ClientViewer = { user: null, isAuthenticated: false, hasSubscription: false, isAdmin: false };

/** The viewer from the root loader, on any page (a visitor when the root loader did not run). */
export function useViewer(): ClientViewer {
  return useRootData<{ viewer: ClientViewer }>()?.viewer ?? VISITOR;
}
