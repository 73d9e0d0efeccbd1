import { isIP } from "node:net";
import { join } from "node:path";
import { z } from "zod";
import { CONFIGURABLE_ID_TOKEN_ALGS, HMAC_MIN_SECRET_BYTES, isHmacAlg } from "./oidc.types";

/**
 * The whole configuration, checked once at start. `loadConfig` takes its source as a parameter
 * so tests can pass their own; a bad value stops the process naming the variable.
 */

const emptyToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(
  emptyToUndefined,
  z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
);

const MIB = 1024 * 1024;

/** MEDIA_SECURE_LINK_PREFIX's default: the location deploy/nginx/lomda.conf has. */
export const DEFAULT_SECURE_LINK_PREFIX = "/signed-media/";
/** First path segments Lomda serves itself: a signed location there would take their requests. */
const LOMDA_FILE_PATHS = [
  "video",
  "media",
  "assets",
  "images",
  "thumb",
  "captions",
  "lesson-files",
  "api",
  "idp",
  "auth",
  "admin",
];

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const schema = z
  .object({
    NODE_ENV: z.preprocess(emptyToUndefined, z.enum(["production", "development", "test"]).default("production")),
    PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
    HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
    PUBLIC_URL: optionalUrl,
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .default("file:./data/lomda.db")
        .refine((v) => /^(file:|postgres(ql)?:\/\/)/.test(v), {
          error: "must start with file: (SQLite) or postgres:// (PostgreSQL)",
        }),
    ),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
    /** Uploaded lesson videos and course covers (videos/, covers/); default DATA_DIR/media. Shared by every process. */
    MEDIA_DIR: optionalString,
    /** Size limits of uploads, in MiB: a lesson video, a cover image, a lesson's resource (PDF, ZIP, text). */
    MEDIA_MAX_VIDEO_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65_536).default(1024)),
    MEDIA_MAX_IMAGE_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100).default(5)),
    MEDIA_MAX_RESOURCE_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1024).default(50)),
    /**
     * Lesson videos' bytes from nginx (docs/decisions/0056): after the access check, Lomda answers
     * with no body and `X-Accel-Redirect: <this prefix>videos/<file>` (an upload in MEDIA_DIR) or
     * `<this prefix>bundled-videos/<file>` (the app's media/videos), which nginx serves from an
     * `internal` location. Only behind nginx configured so (deploy/nginx/lomda.conf): anything else
     * would hand the viewer an empty video.
     */
    MEDIA_ACCEL_REDIRECT: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\/(?:[A-Za-z0-9_-]+\/)+$/, {
          error:
            'must be a path prefix of nginx\'s internal location, starting and ending with "/", like "/internal-media/"',
        })
        .optional(),
    ),
    /**
     * Lesson videos from nginx through URLs Lomda signs (decision 0061): after the access check,
     * `/video/<file>` redirects to `<MEDIA_SECURE_LINK_PREFIX>videos/<file>?md5=…&expires=…`, which
     * nginx's secure_link checks itself on every range (deploy/nginx/lomda.conf). The secret is also
     * in nginx's /etc/nginx/lomda-media-secret.conf, inside a quoted string there: so only characters
     * nginx takes literally (base64's, hex's), and long enough that it cannot be guessed.
     */
    MEDIA_SECURE_LINK_SECRET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9+/=_.-]{32,200}$/, {
          error:
            "must be at least 32 characters of letters, digits and + / = _ . - (openssl rand -base64 48), the same as in nginx's lomda-media-secret.conf",
        })
        .optional(),
    ),
    /** The path of nginx's secure_link location (default /signed-media/); only with the secret. */
    MEDIA_SECURE_LINK_PREFIX: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^\/(?:[A-Za-z0-9_-]+\/)+$/, {
          error:
            'must be the path of nginx\'s secure_link location, starting and ending with "/", like "/signed-media/"',
        })
        .optional(),
    ),
    /**
     * How long a signed video URL works (default an hour; rounded up by at most a tenth, so that a
     * viewer's repeated requests get the same URL). The browser reads the rest of the video from the
     * URL it was redirected to: this is the longest a lesson plays from one page load.
     */
    MEDIA_SECURE_LINK_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(60).max(86_400).optional()),
    /**
     * Uploaded media in an S3-compatible bucket instead of MEDIA_DIR (decision 0056): the bucket's
     * URL and a key that may read, write and delete its objects. Lesson videos are then read from
     * the bucket through URLs signed for MEDIA_S3_URL_SECONDS, after the access check.
     */
    MEDIA_S3_URL: optionalUrl,
    MEDIA_S3_REGION: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[a-z0-9-]{1,40}$/, { error: 'must be a region name like "us-east-1" or "auto"' })
        .default("us-east-1"),
    ),
    /**
     * How long a video's signed URL works. A browser reads the rest of a video from the URL it was
     * redirected to, so this is about the longest a lesson is watched in one go, not one request.
     */
    MEDIA_S3_URL_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(60).max(86_400).default(3600)),
    MEDIA_S3_ACCESS_KEY_ID: optionalString,
    MEDIA_S3_SECRET_ACCESS_KEY: optionalString,
    SESSION_SECRET: optionalString,
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: optionalString,
    OIDC_CLIENT_SECRET: optionalString,
    OIDC_AUDIENCE: optionalString,
    OIDC_ORGANIZATION: optionalString,
    /** How Lomda authenticates at the token endpoint; by default what the provider advertises (basic first). */
    OIDC_TOKEN_AUTH_METHOD: z.preprocess(
      emptyToUndefined,
      z.enum(["client_secret_basic", "client_secret_post"]).optional(),
    ),
    /** Comma-separated ID-token algorithms to accept (default RS256,PS256,ES256,EdDSA); never none; HS* only when listed here. */
    OIDC_ID_TOKEN_ALGS: z.preprocess(
      (v) =>
        typeof v === "string" && v.trim()
          ? v
              .split(",")
              .map((a) => a.trim())
              .filter(Boolean)
          : undefined,
      z
        .array(
          z.enum(CONFIGURABLE_ID_TOKEN_ALGS, {
            error: `must be a comma-separated list of ${CONFIGURABLE_ID_TOKEN_ALGS.join(", ")} (never none)`,
          }),
        )
        .optional(),
    ),
    ADMIN_EMAILS: optionalString,
    BOOKS_API_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
        .default("https://www.googleapis.com/books/v1/volumes"),
    ),
    BOOKS_API_KEY: optionalString,
    /** At most 3 s (docs/security.md#outside-services): a stalled upstream must not hold a page longer. */
    BOOKS_TIMEOUT_MS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int().min(100).max(3000, "must be at most 3000 (3 s)").default(3000),
    ),
    CAPTCHA: z.preprocess(emptyToUndefined, z.enum(["altcha", "hcaptcha", "off"]).default("altcha")),
    HCAPTCHA_SITEKEY: optionalString,
    HCAPTCHA_SECRET: optionalString,
    /** hCaptcha's verification endpoint; tests point it at a local stand-in. */
    HCAPTCHA_VERIFY_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/ }).default("https://api.hcaptcha.com/siteverify"),
    ),
    /**
     * YouTube's IFrame Player API, loaded in a learner's page only once they press play on a YouTube
     * lesson (progress tracking, issue 17); tests point it at a local stand-in.
     */
    YOUTUBE_IFRAME_API_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/ }).default("https://www.youtube.com/iframe_api"),
    ),
    /**
     * Online payments (issue 18): Stripe's secret key and the webhook endpoint's signing secret. Both
     * or neither: without them online checkout is off and the pages say how to subscribe instead.
     * STRIPE_API_URL points the SDK elsewhere (tests: a local stand-in of the API).
     */
    STRIPE_SECRET_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/, { error: "must be a Stripe secret key (sk_test_… or sk_live_…)" })
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^whsec_[A-Za-z0-9_+/=]+$/, { error: "must be a webhook signing secret (whsec_…)" })
        .optional(),
    ),
    STRIPE_API_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).default("https://api.stripe.com"),
    ),
    /**
     * Which provider takes payments (issues 18 and 33): "stripe" or "cardcom". Unset: Stripe when its
     * keys are set (as before this setting existed), else none (checkout is off).
     */
    PAYMENT_PROVIDER: z.preprocess(
      emptyToUndefined,
      z.enum(["stripe", "cardcom"], { error: 'must be "stripe" or "cardcom"' }).optional(),
    ),
    /**
     * Cardcom (issue 33, decision 0046): the terminal and its API user. LowProfile/Create and
     * GetLpResult need no password (only refunds do). CARDCOM_API_URL points the client elsewhere
     * (tests: a local stand-in of the API and its hosted page).
     */
    CARDCOM_TERMINAL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[1-9]\d{0,9}$/, { error: "must be Cardcom's terminal number (digits, like 1000)" })
        .transform(Number)
        .refine((n) => n <= 2_147_483_647, { error: "must be Cardcom's terminal number (digits, like 1000)" })
        .optional(),
    ),
    CARDCOM_API_NAME: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[\x21-\x7e]{1,100}$/, { error: "must be Cardcom's API user name (ApiName), without spaces" })
        .optional(),
    ),
    /**
     * The API user's password (ApiPassword): Cardcom asks for it on refunds, tax documents and charges
     * of a saved card (a plan's renewals), not on the hosted page. A secret: from the environment only.
     */
    CARDCOM_API_PASSWORD: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[\x21-\x7e]{1,100}$/, { error: "must be Cardcom's API password, without spaces" })
        .optional(),
    ),
    CARDCOM_API_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).default("https://secure.cardcom.solutions"),
    ),
    FORMS_FORWARD_URL: optionalUrl,
    FORMS_ACCESS_KEY: optionalString,
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    ),
    CONTACT_TO: z.preprocess(emptyToUndefined, z.email().optional()),
    SENTRY_DSN: optionalUrl,
    MAP_EMBED_URL: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^https$/, error: "must be an https URL" })
        .default(
          "https://www.openstreetmap.org/export/embed.html?bbox=34.7700%2C32.0600%2C34.8000%2C32.0900&layer=mapnik&marker=32.0750%2C34.7850",
        ),
    ),
    TRUST_PROXY: optionalString,
    /**
     * /metrics (decision 0055): a bearer token Prometheus sends, and/or the addresses it may come from
     * (comma-separated IPs or CIDRs, the client address as TRUST_PROXY finds it). Neither: no one.
     */
    METRICS_TOKEN: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[\x21-\x7e]{32,200}$/, { error: "must be at least 32 printable characters without spaces" })
        .optional(),
    ),
    METRICS_ALLOW: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .refine((v) => v.split(",").every((entry) => parseCidr(entry.trim()) !== undefined), {
          error: "must be comma-separated IP addresses or CIDRs, like 10.0.0.0/8,::1",
        })
        .optional(),
    ),
    /**
     * Renders one address may cause (server/render-budget.ts): "BURST/PER_SECOND". A signed-in
     * person past their address's budget gets twice as much of their own.
     */
    RENDER_BUDGET: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[1-9]\d{0,5}\/[1-9]\d{0,5}$/, { error: 'must be "BURST/PER_SECOND", like "60/6"' })
        .default("60/6"),
    ),
    LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default("info")),
    /**
     * Backups (issue 35, decision 0054): the folder scheduled backups and the backup before a
     * migration go to (default DATA_DIR/backups for the latter; scheduled ones only when set),
     * hours between scheduled ones (0: none), how many to keep, and a key (at least 32 characters)
     * that encrypts every archive when set.
     */
    BACKUP_DIR: optionalString,
    BACKUP_EVERY_HOURS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .min(0)
        .max(24 * 31)
        .default(24),
    ),
    BACKUP_KEEP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(1000).default(7)),
    BACKUP_ENCRYPTION_KEY: z.preprocess(
      emptyToUndefined,
      z.string().min(32, { error: "must be at least 32 characters (openssl rand -base64 32)" }).optional(),
    ),
    /**
     * S3-compatible storage for backups (each archive is also uploaded there): the bucket, an
     * endpoint for another service than AWS (MinIO, R2…; path-style), its region, the keys (both
     * required with a bucket: requests are signed with them, there is no instance-role chain) and
     * a key prefix.
     */
    BACKUP_S3_BUCKET: optionalString,
    BACKUP_S3_ENDPOINT: optionalUrl,
    BACKUP_S3_REGION: z.preprocess(emptyToUndefined, z.string().default("us-east-1")),
    BACKUP_S3_ACCESS_KEY_ID: optionalString,
    BACKUP_S3_SECRET_ACCESS_KEY: optionalString,
    BACKUP_S3_PREFIX: optionalString,
    /** A backup before migrations run on a database with data; "0" turns it off. */
    BACKUP_BEFORE_MIGRATE: z.preprocess(emptyToUndefined, z.enum(["0", "1"]).default("1")),
    /**
     * Demo mode: the embedded provider's public demo accounts (one of them an admin) and a "Demo"
     * banner on every page. `npm start` sets it (server.js --demo); never in production.
     */
    LOMDA_DEMO: z.preprocess(emptyToUndefined, z.enum(["0", "1"]).default("0")),
    // Enables routes that exist only for the test suite (a route that throws). Never set it in production.
    LOMDA_TEST_ROUTES: z.preprocess(emptyToUndefined, z.enum(["0", "1"]).default("0")),
  })
  .superRefine((env, ctx) => {
    if ((env.STRIPE_SECRET_KEY === undefined) !== (env.STRIPE_WEBHOOK_SECRET === undefined)) {
      const missing = env.STRIPE_SECRET_KEY === undefined ? "STRIPE_SECRET_KEY" : "STRIPE_WEBHOOK_SECRET";
      ctx.addIssue({
        code: "custom",
        path: [missing],
        message: "is required with the other Stripe setting (both or neither)",
      });
    }
    // (One of the two missing is the rule above's.)
    if (
      env.PAYMENT_PROVIDER === "stripe" &&
      env.STRIPE_SECRET_KEY === undefined &&
      env.STRIPE_WEBHOOK_SECRET === undefined
    )
      for (const key of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"])
        ctx.addIssue({ code: "custom", path: [key], message: "is required with PAYMENT_PROVIDER=stripe" });
    if (env.PAYMENT_PROVIDER === "cardcom") {
      for (const key of ["CARDCOM_TERMINAL", "CARDCOM_API_NAME"] as const)
        if (env[key] === undefined)
          ctx.addIssue({ code: "custom", path: [key], message: "is required with PAYMENT_PROVIDER=cardcom" });
    } else if (
      env.CARDCOM_TERMINAL !== undefined ||
      env.CARDCOM_API_NAME !== undefined ||
      env.CARDCOM_API_PASSWORD !== undefined
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENT_PROVIDER"],
        message: "must be cardcom when CARDCOM_TERMINAL, CARDCOM_API_NAME or CARDCOM_API_PASSWORD is set",
      });
    }
    const external = env.OIDC_ISSUER !== undefined;
    if (external && !env.OIDC_CLIENT_ID) {
      ctx.addIssue({ code: "custom", path: ["OIDC_CLIENT_ID"], message: "is required when OIDC_ISSUER is set" });
    }
    if (external && env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required in production with an external OpenID provider",
      });
    }
    for (const alg of env.OIDC_ID_TOKEN_ALGS ?? []) {
      if (!isHmacAlg(alg)) continue;
      const needed = HMAC_MIN_SECRET_BYTES[alg as keyof typeof HMAC_MIN_SECRET_BYTES];
      const secretBytes = Buffer.byteLength(env.OIDC_CLIENT_SECRET ?? "");
      if (secretBytes < needed) {
        ctx.addIssue({
          code: "custom",
          path: ["OIDC_ID_TOKEN_ALGS"],
          message: `${alg} keys the ID token with OIDC_CLIENT_SECRET, which must then be at least ${needed} bytes (it is ${secretBytes})`,
        });
      }
    }
    if (external && env.LOMDA_DEMO === "1") {
      ctx.addIssue({
        code: "custom",
        path: ["LOMDA_DEMO"],
        message: "demo accounts live in the embedded provider: unset OIDC_ISSUER or LOMDA_DEMO",
      });
    }
    if (env.CAPTCHA === "off" && env.NODE_ENV === "production") {
      ctx.addIssue({ code: "custom", path: ["CAPTCHA"], message: "may not be off in production" });
    }
    if (env.CAPTCHA === "hcaptcha" && (!env.HCAPTCHA_SITEKEY || !env.HCAPTCHA_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: ["HCAPTCHA_SECRET"],
        message: "HCAPTCHA_SITEKEY and HCAPTCHA_SECRET are required when CAPTCHA=hcaptcha",
      });
    }
    if (env.FORMS_ACCESS_KEY && !env.FORMS_FORWARD_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["FORMS_FORWARD_URL"],
        message: "is required when FORMS_ACCESS_KEY is set",
      });
    }
    const s3 = [env.MEDIA_S3_URL, env.MEDIA_S3_ACCESS_KEY_ID, env.MEDIA_S3_SECRET_ACCESS_KEY];
    if (s3.some((v) => v !== undefined) && s3.some((v) => v === undefined)) {
      for (const [key, value] of [
        ["MEDIA_S3_URL", env.MEDIA_S3_URL],
        ["MEDIA_S3_ACCESS_KEY_ID", env.MEDIA_S3_ACCESS_KEY_ID],
        ["MEDIA_S3_SECRET_ACCESS_KEY", env.MEDIA_S3_SECRET_ACCESS_KEY],
      ] as const)
        if (value === undefined)
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "is required with the other MEDIA_S3_ settings (MEDIA_S3_URL and both keys, or none)",
          });
    }
    if (env.MEDIA_SECURE_LINK_SECRET !== undefined) {
      // One way for a video's bytes: a check on every range (X-Accel) or one per signed URL. Both set,
      // one of them would silently never be used.
      if (env.MEDIA_ACCEL_REDIRECT !== undefined)
        ctx.addIssue({
          code: "custom",
          path: ["MEDIA_SECURE_LINK_SECRET"],
          message:
            "and MEDIA_ACCEL_REDIRECT are two ways to hand videos to nginx (signed URLs, or a check on every range): set one of them",
        });
      const first = (env.MEDIA_SECURE_LINK_PREFIX ?? DEFAULT_SECURE_LINK_PREFIX).split("/")[1]!;
      if (LOMDA_FILE_PATHS.includes(first))
        ctx.addIssue({
          code: "custom",
          path: ["MEDIA_SECURE_LINK_PREFIX"],
          message: `must not be under /${first}/, one of Lomda's own paths (nginx would take its requests)`,
        });
    } else {
      for (const key of ["MEDIA_SECURE_LINK_PREFIX", "MEDIA_SECURE_LINK_SECONDS"] as const)
        if (env[key] !== undefined)
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "is only used with MEDIA_SECURE_LINK_SECRET, which is unset",
          });
    }
    if (env.BACKUP_S3_BUCKET !== undefined) {
      // Requests are signed with these keys (aws4fetch): no instance role or other credential chain.
      for (const key of ["BACKUP_S3_ACCESS_KEY_ID", "BACKUP_S3_SECRET_ACCESS_KEY"] as const)
        if (env[key] === undefined)
          ctx.addIssue({
            code: "custom",
            path: [key],
            message: "is required with BACKUP_S3_BUCKET (both keys: Lomda signs its requests with them)",
          });
    } else if ((env.BACKUP_S3_ACCESS_KEY_ID === undefined) !== (env.BACKUP_S3_SECRET_ACCESS_KEY === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [env.BACKUP_S3_ACCESS_KEY_ID === undefined ? "BACKUP_S3_ACCESS_KEY_ID" : "BACKUP_S3_SECRET_ACCESS_KEY"],
        message: "is required with the other S3 key (both or neither)",
      });
    }
    if (env.SMTP_URL && !env.CONTACT_TO) {
      ctx.addIssue({ code: "custom", path: ["CONTACT_TO"], message: "is required when SMTP_URL is set" });
    }
  });

export type RawEnv = z.infer<typeof schema>;

export interface Config extends RawEnv {
  PUBLIC_URL: string;
  /** The origin part of PUBLIC_URL, used for CSRF origin checks and absolute links. */
  publicOrigin: string;
  isProduction: boolean;
  embeddedIdp: boolean;
  /** Demo mode (LOMDA_DEMO=1): demo accounts with a published password, and a banner saying so. */
  demo: boolean;
  adminEmails: string[];
  trustProxy: boolean | number | string;
  /** MEDIA_DIR, or DATA_DIR/media. */
  mediaDir: string;
  /** MEDIA_S3_*: uploaded media in a bucket instead of mediaDir; null: on this machine. */
  mediaS3: {
    bucketUrl: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    urlSeconds: number;
  } | null;
  /** MEDIA_SECURE_LINK_*: lesson videos through URLs signed for nginx's secure_link; null: not so. */
  secureLink: { secret: string; prefix: string; seconds: number } | null;
  /** BACKUP_DIR, or DATA_DIR/backups (where the backup before a migration goes). */
  backupDir: string;
  /** The upload limits in bytes. */
  maxVideoBytes: number;
  maxImageBytes: number;
  maxResourceBytes: number;
  /** RENDER_BUDGET: renders one address may cause at once, and a second. */
  renderBudget: { burst: number; perSecond: number };
  /** METRICS_ALLOW, parsed: the networks /metrics answers without a token. */
  metricsAllow: Cidr[];
  /** Who takes payments: PAYMENT_PROVIDER, or Stripe when only its keys are set; null: checkout is off. */
  paymentProvider: "stripe" | "cardcom" | null;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

export interface Cidr {
  address: string;
  prefix: number;
  family: "ipv4" | "ipv6";
}

/** "10.0.0.0/8", "::1", "192.0.2.7" (a single address: the whole prefix); undefined when not one. */
export function parseCidr(entry: string): Cidr | undefined {
  const [address = "", prefixText, extra] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return undefined;
  const bits = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return undefined;
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value; // "loopback", "10.0.0.0/8", a comma-separated list: Express understands these
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const result = schema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "(environment)"}: ${issue.message}`),
    );
  }
  const env = result.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  const embeddedIdp = env.OIDC_ISSUER === undefined;
  const demo = embeddedIdp && env.LOMDA_DEMO === "1";
  const adminEmails = (env.ADMIN_EMAILS ?? (demo ? "admin@lomda.test" : ""))
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  return {
    ...env,
    PUBLIC_URL: publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    isProduction: env.NODE_ENV === "production",
    embeddedIdp,
    demo,
    adminEmails,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    mediaDir: env.MEDIA_DIR ?? join(env.DATA_DIR, "media"),
    mediaS3:
      env.MEDIA_S3_URL && env.MEDIA_S3_ACCESS_KEY_ID && env.MEDIA_S3_SECRET_ACCESS_KEY
        ? {
            bucketUrl: env.MEDIA_S3_URL,
            region: env.MEDIA_S3_REGION,
            accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID,
            secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY,
            urlSeconds: env.MEDIA_S3_URL_SECONDS,
          }
        : null,
    secureLink: env.MEDIA_SECURE_LINK_SECRET
      ? {
          secret: env.MEDIA_SECURE_LINK_SECRET,
          prefix: env.MEDIA_SECURE_LINK_PREFIX ?? DEFAULT_SECURE_LINK_PREFIX,
          seconds: env.MEDIA_SECURE_LINK_SECONDS ?? 3600,
        }
      : null,
    backupDir: env.BACKUP_DIR ?? join(env.DATA_DIR, "backups"),
    maxVideoBytes: env.MEDIA_MAX_VIDEO_MB * MIB,
    maxImageBytes: env.MEDIA_MAX_IMAGE_MB * MIB,
    maxResourceBytes: env.MEDIA_MAX_RESOURCE_MB * MIB,
    renderBudget: parseRenderBudget(env.RENDER_BUDGET),
    metricsAllow: (env.METRICS_ALLOW ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => parseCidr(entry)!),
    paymentProvider: env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY !== undefined ? "stripe" : null),
  };
}

function parseRenderBudget(value: string): { burst: number; perSecond: number } {
  const [burst, perSecond] = value.split("/").map(Number) as [number, number];
  return { burst, perSecond };
}
