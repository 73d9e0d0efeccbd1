import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "react-router";

/**
 * The root loader's data (who is signed in, the language, the error pages' titles…) for the page's
 * frame. A middleware that refuses a request (the admin area's guard) stops it before any loader
 * runs, the root's too: its refusal then carries the same data as `shell` (routes/admin/guard.server.ts),
 * so the refusal page is framed as any other, on the server and in the browser alike.
 */
export function useRootData<T>(): Partial<T> | undefined {
  const loaded = useRouteLoaderData<T>("root");
  const error = useRouteError();
  return loaded ?? shellOf<T>(error);
}

/** The root's data a refusal carries, if it does. */
export function shellOf<T>(error: unknown): Partial<T> | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const body: unknown = error.data;
  return typeof body === "object" && body !== null && "shell" in body ? (body.shell as Partial<T>) : undefined;
}

/** Why a request was refused: a refusal's plain text, or the reason one carrying the root's data gives. */
export function refusalReason(error: unknown): unknown {
  if (!isRouteErrorResponse(error)) return undefined;
  const body: unknown = error.data;
  return typeof body === "object" && body !== null && "reason" in body ? body.reason : body;
}
