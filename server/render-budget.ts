import { isIPv6 } from "node:net";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../app/lib/logger.server.ts";
import { refuse } from "./request-guard.ts";

/**
 * How much rendering one client may cause (issue 29). A page the cache holds costs nothing; every
 * other request that reaches React Router (a cache miss, a personal page, a client navigation's data,
 * a form) costs milliseconds of the one event loop that also answers everyone's sign-in and video.
 * Each address gets a bucket of renders that refills at a steady rate; a client past it gets a 429
 * with Retry-After instead of a render. A signed-in person is not held to their address's bucket (a
 * school's shared connection, a classroom behind one address) but to one of their own, which a
 * stranger cannot spend: the session is checked only when the address's bucket is empty.
 *
 * The buckets live in this process's memory, on purpose: they guard this process's CPU, so a limit
 * shared between processes (the database's rate limits) would be both slower and the wrong measure.
 */

export interface BucketSettings {
  /** Renders a client may cause at once. */
  burst: number;
  /** Renders a second it gets back. */
  perSecond: number;
}

/**
 * The default (RENDER_BUDGET="60/6"): generous for a person — a page a second with the menu's
 * prefetches — but not for a script. A signed-in person's own budget is twice that.
 */
export const STRANGER_BUDGET: BucketSettings = { burst: 60, perSecond: 6 };
export const PERSON_BUDGET: BucketSettings = { burst: 120, perSecond: 12 };
/** Clients remembered at once; a full bucket is the same as none, so the oldest are dropped first. */
const MAX_CLIENTS = 20_000;

/** Token buckets by key, refilled lazily when a key is used. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly settings: BucketSettings;
  private readonly now: () => number;

  constructor(settings: BucketSettings, now: () => number = Date.now) {
    this.settings = settings;
    this.now = now;
  }

  /** Takes one token; when there is none, says in how many seconds there will be. */
  take(key: string): { ok: true } | { ok: false; retryAfter: number } {
    const { burst, perSecond } = this.settings;
    const now = this.now();
    const bucket = this.buckets.get(key);
    const tokens = bucket ? Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond) : burst;
    this.buckets.delete(key);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      return { ok: false, retryAfter: Math.max(1, Math.ceil((1 - tokens) / perSecond)) };
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    while (this.buckets.size > MAX_CLIENTS) this.buckets.delete(this.buckets.keys().next().value!);
    return { ok: true };
  }

  get size(): number {
    return this.buckets.size;
  }
}

/**
 * The client an address stands for: an IPv4 address, or an IPv6 address's /64 (one subscriber's
 * network: a client has a whole /64 to pick addresses from).
 */
export function clientKey(address: string): string {
  const ip = address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
  if (!isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

export interface RenderBudgetOptions {
  /** The request's signed-in session, or nothing (asked only when the address's bucket is empty). */
  sessionOf(req: Request): Promise<string | undefined>;
  log: Logger;
  strangers?: BucketSettings;
  people?: BucketSettings;
  now?: () => number;
}

/** How often, at most, one client's refusals are logged (a flood must not flood the log). */
const LOG_EVERY_MS = 60_000;

export function renderBudget(options: RenderBudgetOptions) {
  const now = options.now ?? Date.now;
  const strangers = new TokenBuckets(options.strangers ?? STRANGER_BUDGET, now);
  const people = new TokenBuckets(options.people ?? PERSON_BUDGET, now);
  const logged = new Map<string, number>();

  return async (req: Request, res: Response, next: NextFunction) => {
    const client = clientKey(req.ip ?? req.socket.remoteAddress ?? "");
    const byAddress = strangers.take(client);
    if (byAddress.ok) return next();
    let refusal = byAddress;
    try {
      const session = await options.sessionOf(req);
      if (session) {
        const own = people.take(`session:${session}`);
        if (own.ok) return next();
        refusal = own;
      }
    } catch (error) {
      return next(error);
    }
    const last = logged.get(client);
    if (last === undefined || now() - last >= LOG_EVERY_MS) {
      logged.delete(client);
      logged.set(client, now());
      while (logged.size > MAX_CLIENTS) logged.delete(logged.keys().next().value!);
      options.log.warn(
        { reqId: res.locals.requestId, method: req.method, path: req.path, retryAfter: refusal.retryAfter },
        "render budget spent: 429",
      );
    }
    req.resume();
    res.set("Retry-After", String(refusal.retryAfter));
    refuse(req, res, 429, "tooMany", "Too Many Requests", "tooManyTitle");
  };
}
