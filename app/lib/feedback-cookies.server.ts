import { createCookie } from "react-router";
import type { Config } from "./env.server.ts";

/**
 * The feedback a browser posted without signing in: their ids in a signed httpOnly cookie, which is
 * the browser's proof that it may delete them (the 50 most recent).
 */
function postedCookie(config: Config, secrets: string[]) {
  return createCookie("lomda_feedback", {
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicOrigin.startsWith("https:"),
    path: "/",
    maxAge: 365 * 24 * 60 * 60,
    secrets,
  });
}

export async function readPostedFeedback(config: Config, secrets: string[], request: Request): Promise<Set<string>> {
  const value = (await postedCookie(config, secrets).parse(request.headers.get("cookie"))) as unknown;
  return new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === "string").slice(0, 50) : []);
}

export async function rememberPostedFeedback(config: Config, secrets: string[], request: Request, id: string): Promise<string> {
  const ids = [id, ...(await readPostedFeedback(config, secrets, request))].slice(0, 50);
  return postedCookie(config, secrets).serialize(ids);
}

/** A one-time message after a redirect (post/redirect/get), in its own cookie, not in the URL. */
function flashCookie(config: Config, secrets: string[]) {
  return createCookie("lomda_flash", { httpOnly: true, sameSite: "lax", secure: config.publicOrigin.startsWith("https:"), path: "/", maxAge: 60, secrets });
}

export type Flash = "feedback.thanks" | "feedback.deleted";

export async function setFlash(config: Config, secrets: string[], message: Flash): Promise<string> {
  return flashCookie(config, secrets).serialize(message);
}

export async function takeFlash(config: Config, secrets: string[], request: Request): Promise<{ message: Flash | null; clear: string | null }> {
  const value = (await flashCookie(config, secrets).parse(request.headers.get("cookie"))) as unknown;
  if (value !== "feedback.thanks" && value !== "feedback.deleted") return { message: null, clear: null };
  return { message: value, clear: await flashCookie(config, secrets).serialize("", { maxAge: 0 }) };
}
