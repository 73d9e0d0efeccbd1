import { createHmac } from "node:crypto";
import type { Kysely } from "kysely";
import { createChallenge, randomInt } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { create as createAltcha } from "altcha-lib/frameworks/express";
import type { Database } from "./db.server";
import type { Config } from "./env.server";

/**
 * The captcha of the contact and registration forms. ALTCHA by default: a proof of work the
 * browser's widget solves (no tracking, works offline), verified here, each challenge usable once
 * (the replay store is the database, so every process shares it). hCaptcha as an option, its secret
 * kept here. CAPTCHA=off only outside production.
 */

/** PBKDF2/SHA-256 (docs/toolchain.md#pitfalls-met: Argon2 settings that look normal took 24 s to solve). */
const ALGORITHM = "PBKDF2/SHA-256";
const COST = 1000;
const CHALLENGE_TTL_S = 10 * 60;
/** A solved challenge is a few hundred bytes; anything longer is refused unread. */
export const ALTCHA_PAYLOAD_MAX = 10_000;

export type CaptchaResult = { ok: true } | { ok: false; reason: "missing" | "invalid" | "replayed" | "unavailable" };

/** What a form says for each refusal (the forms' strings), and its status: 503 when the check could not run. */
export const CAPTCHA_ERRORS = {
  missing: "forms.errors.captchaMissing",
  invalid: "forms.errors.captchaInvalid",
  replayed: "forms.errors.captchaReplayed",
  unavailable: "forms.errors.captchaUnavailable",
} as const;
export const captchaStatus = (reason: Exclude<CaptchaResult, { ok: true }>["reason"]) =>
  reason === "unavailable" ? 503 : 400;

function secrets(cookieSecrets: readonly string[]) {
  const base = cookieSecrets[0]!;
  return {
    signature: createHmac("sha256", base).update("altcha-signature").digest("hex"),
    key: createHmac("sha256", base).update("altcha-key-signature").digest("hex"),
  };
}

export async function createAltchaChallenge(cookieSecrets: readonly string[]) {
  const s = secrets(cookieSecrets);
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(500, 2500),
    deriveKey,
    hmacSignatureSecret: s.signature,
    hmacKeySignatureSecret: s.key,
    expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_S,
  });
}

/** Marks a challenge as spent; false if it already was (a replay). */
function replayStore(db: Kysely<Database>) {
  return {
    async setIfAbsent(key: string): Promise<boolean> {
      const result = await db
        .insertInto("captcha_used")
        .values({
          challenge_id: key.slice(0, 200),
          expires_at: new Date(Date.now() + CHALLENGE_TTL_S * 2000).toISOString(),
        })
        .onConflict((oc) => oc.column("challenge_id").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async get(key: string) {
      return (
        (await db
          .selectFrom("captcha_used")
          .select("challenge_id")
          .where("challenge_id", "=", key)
          .executeTakeFirst()) !== undefined
      );
    },
    async set(key: string) {
      await this.setIfAbsent(key);
    },
  };
}

export async function verifyAltcha(
  db: Kysely<Database>,
  cookieSecrets: readonly string[],
  payload: string | null,
): Promise<CaptchaResult> {
  if (!payload) return { ok: false, reason: "missing" };
  if (payload.length > ALTCHA_PAYLOAD_MAX) return { ok: false, reason: "invalid" };
  const s = secrets(cookieSecrets);
  const store = replayStore(db);
  const altcha = createAltcha({
    deriveKey,
    hmacSignatureSecret: s.signature,
    hmacKeySignatureSecret: s.key,
    store: store as never,
  });
  const result = await altcha.verify(payload, deriveKey, s.signature, s.key, store as never);
  if (!result.error) return { ok: true };
  return { ok: false, reason: /already used/i.test(result.error) ? "replayed" : "invalid" };
}

/** hCaptcha: the token checked with hCaptcha's siteverify, with the secret that never leaves the server. */
export async function verifyHcaptcha(
  config: Config,
  token: string | null,
  remoteIp: string,
  verifyUrl = config.HCAPTCHA_VERIFY_URL,
): Promise<CaptchaResult> {
  if (!token) return { ok: false, reason: "missing" };
  try {
    const response = await fetch(verifyUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        secret: config.HCAPTCHA_SECRET ?? "",
        response: token.slice(0, 10_000),
        remoteip: remoteIp,
        sitekey: config.HCAPTCHA_SITEKEY ?? "",
      }),
      signal: AbortSignal.timeout(5000),
      redirect: "error",
    });
    const body = (await response.json()) as { success?: boolean };
    return body.success === true ? { ok: true } : { ok: false, reason: "invalid" };
  } catch {
    return { ok: false, reason: "unavailable" };
  }
}

/** Checks whichever captcha is configured, reading its field from the submitted form. */
export async function checkCaptcha(
  services: { config: Config; db: Kysely<Database>; cookieSecrets: string[] },
  form: FormData,
  remoteIp: string,
): Promise<CaptchaResult> {
  const { config } = services;
  if (config.CAPTCHA === "off") return { ok: true };
  if (config.CAPTCHA === "hcaptcha") {
    const token = form.get("h-captcha-response");
    return verifyHcaptcha(config, typeof token === "string" ? token : null, remoteIp);
  }
  const payload = form.get("altcha");
  return verifyAltcha(services.db, services.cookieSecrets, typeof payload === "string" ? payload : null);
}

export async function deleteExpiredCaptchas(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const result = await db.deleteFrom("captcha_used").where("expires_at", "<", now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
