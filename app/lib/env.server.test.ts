import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.server";

function problemsOf(source: Record<string, string>): string[] {
  try {
    loadConfig(source);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("configuration", () => {
  it("OIDC_TOKEN_AUTH_METHOD and OIDC_ID_TOKEN_ALGS: the allowed values only, never none; HS* only with a long enough secret", () => {
    expect(loadConfig({}).OIDC_TOKEN_AUTH_METHOD).toBeUndefined();
    expect(loadConfig({ OIDC_TOKEN_AUTH_METHOD: "client_secret_post" }).OIDC_TOKEN_AUTH_METHOD).toBe(
      "client_secret_post",
    );
    expect(problemsOf({ OIDC_TOKEN_AUTH_METHOD: "private_key_jwt" })[0]).toMatch(/^OIDC_TOKEN_AUTH_METHOD/);
    expect(loadConfig({ OIDC_ID_TOKEN_ALGS: " RS256, ES384 " }).OIDC_ID_TOKEN_ALGS).toEqual(["RS256", "ES384"]);
    expect(problemsOf({ OIDC_ID_TOKEN_ALGS: "RS256,none" })[0]).toMatch(/^OIDC_ID_TOKEN_ALGS/);
    expect(problemsOf({ OIDC_ID_TOKEN_ALGS: "HS256" })[0]).toMatch(
      /HS256 keys the ID token with OIDC_CLIENT_SECRET.*32 bytes/,
    );
    expect(problemsOf({ OIDC_ID_TOKEN_ALGS: "RS256,HS512", OIDC_CLIENT_SECRET: "x".repeat(48) })[0]).toMatch(
      /HS512.*at least 64 bytes \(it is 48\)/,
    );
    expect(
      loadConfig({ OIDC_ID_TOKEN_ALGS: "RS256,HS256", OIDC_CLIENT_SECRET: "x".repeat(32) }).OIDC_ID_TOKEN_ALGS,
    ).toEqual(["RS256", "HS256"]);
  });

  it("has working defaults: port 3000, SQLite, embedded provider, no demo mode and no admin", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.HOST).toBe("0.0.0.0");
    expect(config.PUBLIC_URL).toBe("http://localhost:3000");
    expect(config.DATABASE_URL).toBe("file:./data/lomda.db");
    expect(config.embeddedIdp).toBe(true);
    expect(config.adminEmails).toEqual([]);
    expect(config.demo).toBe(false);
    expect(config.CAPTCHA).toBe("altcha");
    expect(config.BOOKS_TIMEOUT_MS).toBe(3000);
    expect(config.trustProxy).toBe(false);
  });

  it("demo mode only when asked (LOMDA_DEMO=1), and only with the embedded provider; it brings the demo admin", () => {
    const config = loadConfig({ LOMDA_DEMO: "1" });
    expect(config.demo).toBe(true);
    expect(config.adminEmails).toEqual(["admin@lomda.test"]);
    expect(loadConfig({ LOMDA_DEMO: "1", ADMIN_EMAILS: "boss@school.example" }).adminEmails).toEqual([
      "boss@school.example",
    ]);
    expect(() =>
      loadConfig({ LOMDA_DEMO: "1", OIDC_ISSUER: "https://login.example", OIDC_CLIENT_ID: "x", SESSION_SECRET: "s" }),
    ).toThrow(/LOMDA_DEMO/);
    expect(() => loadConfig({ LOMDA_DEMO: "yes" })).toThrow(/LOMDA_DEMO/);
  });

  it("derives PUBLIC_URL from PORT and strips a trailing slash", () => {
    expect(loadConfig({ PORT: "4000" }).PUBLIC_URL).toBe("http://localhost:4000");
    const config = loadConfig({ PUBLIC_URL: "https://lomda.example/" });
    expect(config.PUBLIC_URL).toBe("https://lomda.example");
    expect(config.publicOrigin).toBe("https://lomda.example");
  });

  it("takes Stripe's keys both or neither, and only in their own shapes (issue 18)", () => {
    const off = loadConfig({});
    expect([off.STRIPE_SECRET_KEY, off.STRIPE_WEBHOOK_SECRET, off.STRIPE_API_URL]).toEqual([
      undefined,
      undefined,
      "https://api.stripe.com",
    ]);
    const on = loadConfig({ STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_xyz" });
    expect([on.STRIPE_SECRET_KEY, on.STRIPE_WEBHOOK_SECRET]).toEqual(["sk_test_abc123", "whsec_xyz"]);
    expect(problemsOf({ STRIPE_SECRET_KEY: "sk_test_abc123" })[0]).toMatch(/^STRIPE_WEBHOOK_SECRET.*both or neither/);
    expect(problemsOf({ STRIPE_WEBHOOK_SECRET: "whsec_xyz" })[0]).toMatch(/^STRIPE_SECRET_KEY.*both or neither/);
    // A publishable key in the secret's place is a common mistake: say so at start.
    expect(problemsOf({ STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_xyz" })[0]).toMatch(
      /^STRIPE_SECRET_KEY.*secret key/,
    );
    expect(problemsOf({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "abc" })[0]).toMatch(
      /^STRIPE_WEBHOOK_SECRET.*whsec_/,
    );
  });

  it("chooses the payment provider: Stripe by its keys as before, Cardcom by PAYMENT_PROVIDER with its terminal and API name (issue 33)", () => {
    expect(loadConfig({}).paymentProvider).toBeNull();
    expect(
      loadConfig({ STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_xyz" }).paymentProvider,
    ).toBe("stripe");
    const cardcom = loadConfig({ PAYMENT_PROVIDER: "cardcom", CARDCOM_TERMINAL: "1000", CARDCOM_API_NAME: "test2025" });
    expect(cardcom.paymentProvider).toBe("cardcom");
    expect([cardcom.CARDCOM_TERMINAL, cardcom.CARDCOM_API_NAME, cardcom.CARDCOM_API_URL]).toEqual([
      1000,
      "test2025",
      "https://secure.cardcom.solutions",
    ]);
    // Stripe's keys left in place do not choose Stripe once Cardcom is named.
    expect(
      loadConfig({
        PAYMENT_PROVIDER: "cardcom",
        CARDCOM_TERMINAL: "1000",
        CARDCOM_API_NAME: "test2025",
        STRIPE_SECRET_KEY: "sk_test_abc123",
        STRIPE_WEBHOOK_SECRET: "whsec_xyz",
      }).paymentProvider,
    ).toBe("cardcom");
    expect(problemsOf({ PAYMENT_PROVIDER: "cardcom" })).toEqual([
      "CARDCOM_TERMINAL: is required with PAYMENT_PROVIDER=cardcom",
      "CARDCOM_API_NAME: is required with PAYMENT_PROVIDER=cardcom",
    ]);
    expect(problemsOf({ PAYMENT_PROVIDER: "stripe" })).toEqual([
      "STRIPE_SECRET_KEY: is required with PAYMENT_PROVIDER=stripe",
      "STRIPE_WEBHOOK_SECRET: is required with PAYMENT_PROVIDER=stripe",
    ]);
    expect(problemsOf({ PAYMENT_PROVIDER: "paypal" })[0]).toMatch(/^PAYMENT_PROVIDER: must be "stripe" or "cardcom"/);
    // Cardcom's settings without naming Cardcom: a half-done change, said at start rather than ignored.
    expect(problemsOf({ CARDCOM_TERMINAL: "1000", CARDCOM_API_NAME: "test2025" })).toEqual([
      "PAYMENT_PROVIDER: must be cardcom when CARDCOM_TERMINAL, CARDCOM_API_NAME or CARDCOM_API_PASSWORD is set",
    ]);
    expect(problemsOf({ CARDCOM_API_PASSWORD: "s3cret" })).toEqual([
      "PAYMENT_PROVIDER: must be cardcom when CARDCOM_TERMINAL, CARDCOM_API_NAME or CARDCOM_API_PASSWORD is set",
    ]);
    expect(
      loadConfig({
        ...{ PAYMENT_PROVIDER: "cardcom", CARDCOM_TERMINAL: "1000", CARDCOM_API_NAME: "test2025" },
        CARDCOM_API_PASSWORD: "s3cret",
      }).CARDCOM_API_PASSWORD,
    ).toBe("s3cret");
    const base = { PAYMENT_PROVIDER: "cardcom", CARDCOM_API_NAME: "test2025" };
    for (const terminal of ["0", "-1", "10a", "1.5", "12345678901"])
      expect(problemsOf({ ...base, CARDCOM_TERMINAL: terminal })[0]).toMatch(/^CARDCOM_TERMINAL: must be/);
    expect(problemsOf({ ...base, CARDCOM_TERMINAL: "1000", CARDCOM_API_NAME: "two words" })[0]).toMatch(
      /^CARDCOM_API_NAME: must be/,
    );
    expect(problemsOf({ ...base, CARDCOM_TERMINAL: "1000", CARDCOM_API_URL: "ftp://cardcom" })[0]).toMatch(
      /^CARDCOM_API_URL: must be an http\(s\) URL/,
    );
  });

  it("refuses a books timeout above 3 s", () => {
    expect(loadConfig({ BOOKS_TIMEOUT_MS: "3000" }).BOOKS_TIMEOUT_MS).toBe(3000);
    expect(problemsOf({ BOOKS_TIMEOUT_MS: "3001" })).toContain("BOOKS_TIMEOUT_MS: must be at most 3000 (3 s)");
  });

  it("media: MEDIA_DIR defaults to DATA_DIR/media; upload limits in MiB (1024 for a video, 5 for an image)", () => {
    const config = loadConfig({ DATA_DIR: "/var/lib/lomda/1" });
    expect(config.mediaDir).toBe("/var/lib/lomda/1/media");
    expect(config.maxVideoBytes).toBe(1024 * 1024 * 1024);
    expect(config.maxImageBytes).toBe(5 * 1024 * 1024);
    const shared = loadConfig({ MEDIA_DIR: "/srv/media", MEDIA_MAX_VIDEO_MB: "200", MEDIA_MAX_IMAGE_MB: "2" });
    expect(shared.mediaDir).toBe("/srv/media");
    expect(shared.maxVideoBytes).toBe(200 * 1024 * 1024);
    expect(shared.maxImageBytes).toBe(2 * 1024 * 1024);
    const bads: Record<string, string>[] = [
      { MEDIA_MAX_VIDEO_MB: "0" },
      { MEDIA_MAX_VIDEO_MB: "1.5" },
      { MEDIA_MAX_IMAGE_MB: "lots" },
    ];
    for (const bad of bads) {
      expect(problemsOf(bad)[0], JSON.stringify(bad)).toMatch(/^MEDIA_MAX_(VIDEO|IMAGE)_MB:/);
    }
  });

  it("MEDIA_ACCEL_REDIRECT: unset by default; a path prefix of nginx's internal location, or refused", () => {
    expect(loadConfig({}).MEDIA_ACCEL_REDIRECT).toBeUndefined();
    expect(loadConfig({ MEDIA_ACCEL_REDIRECT: "" }).MEDIA_ACCEL_REDIRECT).toBeUndefined();
    expect(loadConfig({ MEDIA_ACCEL_REDIRECT: "/internal-media/" }).MEDIA_ACCEL_REDIRECT).toBe("/internal-media/");
    expect(loadConfig({ MEDIA_ACCEL_REDIRECT: "/x/media_2/" }).MEDIA_ACCEL_REDIRECT).toBe("/x/media_2/");
    // No trailing slash, a relative path, a traversal, a URL, a space or a query: nginx would not
    // take the header as the location the deployment has.
    for (const bad of [
      "/internal-media",
      "internal-media/",
      "/../media/",
      "http://x/m/",
      "/a b/",
      "/m/?x=1",
      "/",
      "//",
    ]) {
      expect(problemsOf({ MEDIA_ACCEL_REDIRECT: bad })[0], bad).toMatch(/^MEDIA_ACCEL_REDIRECT: must be a path prefix/);
    }
  });

  it("MEDIA_SECURE_LINK_*: a long secret nginx can hold, its location and lifetime; never with MEDIA_ACCEL_REDIRECT", () => {
    const secret = "Zm9vYmFyYmF6cXV4MDEyMzQ1Njc4OWFiY2RlZg+/=_.-";
    expect(loadConfig({}).secureLink).toBeNull();
    expect(loadConfig({ MEDIA_SECURE_LINK_SECRET: "" }).secureLink).toBeNull();
    expect(loadConfig({ MEDIA_SECURE_LINK_SECRET: secret }).secureLink).toEqual({
      secret,
      prefix: "/signed-media/",
      seconds: 3600,
    });
    expect(
      loadConfig({
        MEDIA_SECURE_LINK_SECRET: secret,
        MEDIA_SECURE_LINK_PREFIX: "/lesson-bytes/",
        MEDIA_SECURE_LINK_SECONDS: "7200",
      }).secureLink,
    ).toEqual({ secret, prefix: "/lesson-bytes/", seconds: 7200 });
    // Short, or with what nginx would read as a variable, the string's end or a separator.
    for (const bad of ["a".repeat(31), `${secret}$x`, `${secret}"`, `${secret} x`, `${secret};`, `${secret}\\`])
      expect(problemsOf({ MEDIA_SECURE_LINK_SECRET: bad })[0], bad).toMatch(
        /^MEDIA_SECURE_LINK_SECRET: must be at least 32 characters/,
      );
    for (const bad of ["/signed-media", "signed/", "/", "/a b/"])
      expect(problemsOf({ MEDIA_SECURE_LINK_SECRET: secret, MEDIA_SECURE_LINK_PREFIX: bad })[0], bad).toMatch(
        /^MEDIA_SECURE_LINK_PREFIX: must be the path of nginx's secure_link location/,
      );
    // Under one of Lomda's own paths, nginx's location would take their requests.
    for (const taken of ["/video/", "/media/signed/", "/assets/x/"])
      expect(problemsOf({ MEDIA_SECURE_LINK_SECRET: secret, MEDIA_SECURE_LINK_PREFIX: taken })[0], taken).toMatch(
        /^MEDIA_SECURE_LINK_PREFIX: must not be under \/\w+\/, one of Lomda's own paths/,
      );
    for (const seconds of ["59", "86401", "1.5", "soon"])
      expect(problemsOf({ MEDIA_SECURE_LINK_SECRET: secret, MEDIA_SECURE_LINK_SECONDS: seconds })[0], seconds).toMatch(
        /^MEDIA_SECURE_LINK_SECONDS:/,
      );
    // Two ways to hand videos to nginx: one of them.
    expect(problemsOf({ MEDIA_SECURE_LINK_SECRET: secret, MEDIA_ACCEL_REDIRECT: "/internal-media/" })).toEqual([
      "MEDIA_SECURE_LINK_SECRET: and MEDIA_ACCEL_REDIRECT are two ways to hand videos to nginx (signed URLs, or a check on every range): set one of them",
    ]);
    // Its location or lifetime without the secret: the secret was forgotten.
    for (const key of ["MEDIA_SECURE_LINK_PREFIX", "MEDIA_SECURE_LINK_SECONDS"])
      expect(problemsOf({ [key]: key.endsWith("PREFIX") ? "/signed-media/" : "600" })).toEqual([
        `${key}: is only used with MEDIA_SECURE_LINK_SECRET, which is unset`,
      ]);
  });

  it("deploy/lomda.env.example is a configuration Lomda starts with: signed video URLs, not X-Accel too", () => {
    const example = readFileSync(resolve(import.meta.dirname, "../../deploy/lomda.env.example"), "utf8");
    const env = Object.fromEntries(
      example
        .split("\n")
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
    );
    const config = loadConfig(env);
    expect(config.secureLink).toMatchObject({ prefix: "/signed-media/", seconds: 3600 });
    expect(config.MEDIA_ACCEL_REDIRECT).toBeUndefined();
    // Its commented alternative, uncommented beside it, is refused.
    expect(problemsOf({ ...env, MEDIA_ACCEL_REDIRECT: "/internal-media/" })[0]).toMatch(
      /^MEDIA_SECURE_LINK_SECRET: and MEDIA_ACCEL_REDIRECT/,
    );
  });

  it("MEDIA_S3_*: a bucket's URL and both keys, or none of them", () => {
    expect(loadConfig({}).mediaS3).toBeNull();
    const s3 = {
      MEDIA_S3_URL: "https://s3.example.com/lomda",
      MEDIA_S3_ACCESS_KEY_ID: "id",
      MEDIA_S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(loadConfig(s3).mediaS3).toEqual({
      bucketUrl: "https://s3.example.com/lomda",
      region: "us-east-1",
      accessKeyId: "id",
      secretAccessKey: "secret",
      urlSeconds: 3600,
    });
    expect(loadConfig({ ...s3, MEDIA_S3_URL_SECONDS: "300" }).mediaS3?.urlSeconds).toBe(300);
    for (const bad of ["30", "86401", "1.5", "soon"])
      expect(problemsOf({ ...s3, MEDIA_S3_URL_SECONDS: bad })[0], bad).toMatch(/^MEDIA_S3_URL_SECONDS:/);
    expect(loadConfig({ ...s3, MEDIA_S3_REGION: "auto" }).mediaS3?.region).toBe("auto");
    expect(problemsOf({ MEDIA_S3_URL: "https://s3.example.com/lomda" })).toEqual([
      "MEDIA_S3_ACCESS_KEY_ID: is required with the other MEDIA_S3_ settings (MEDIA_S3_URL and both keys, or none)",
      "MEDIA_S3_SECRET_ACCESS_KEY: is required with the other MEDIA_S3_ settings (MEDIA_S3_URL and both keys, or none)",
    ]);
    expect(problemsOf({ ...s3, MEDIA_S3_URL: "s3://lomda" })[0]).toMatch(/^MEDIA_S3_URL: must be an http\(s\) URL/);
    expect(problemsOf({ ...s3, MEDIA_S3_REGION: "EU West" })[0]).toMatch(/^MEDIA_S3_REGION: must be a region name/);
  });

  it("BACKUP_S3_BUCKET needs both keys (requests are signed with them; no instance role)", () => {
    const keys = { BACKUP_S3_ACCESS_KEY_ID: "id", BACKUP_S3_SECRET_ACCESS_KEY: "secret" };
    expect(loadConfig({ BACKUP_S3_BUCKET: "backups", ...keys }).BACKUP_S3_BUCKET).toBe("backups");
    expect(problemsOf({ BACKUP_S3_BUCKET: "backups" })).toEqual([
      "BACKUP_S3_ACCESS_KEY_ID: is required with BACKUP_S3_BUCKET (both keys: Lomda signs its requests with them)",
      "BACKUP_S3_SECRET_ACCESS_KEY: is required with BACKUP_S3_BUCKET (both keys: Lomda signs its requests with them)",
    ]);
    expect(problemsOf({ BACKUP_S3_BUCKET: "backups", BACKUP_S3_ACCESS_KEY_ID: "id" })).toEqual([
      "BACKUP_S3_SECRET_ACCESS_KEY: is required with BACKUP_S3_BUCKET (both keys: Lomda signs its requests with them)",
    ]);
    expect(problemsOf({ BACKUP_S3_ACCESS_KEY_ID: "id" })[0]).toMatch(/^BACKUP_S3_SECRET_ACCESS_KEY.*both or neither/);
  });

  it("names each bad variable", () => {
    const problems = problemsOf({
      PORT: "seventy",
      DATABASE_URL: "mysql://x",
      PUBLIC_URL: "ftp://x",
      LOG_LEVEL: "loud",
      CAPTCHA: "recaptcha",
      BOOKS_TIMEOUT_MS: "-5",
    });
    for (const name of ["PORT", "DATABASE_URL", "PUBLIC_URL", "LOG_LEVEL", "CAPTCHA", "BOOKS_TIMEOUT_MS"]) {
      expect(
        problems.some((p) => p.startsWith(`${name}:`)),
        name,
      ).toBe(true);
    }
  });

  it("requires what an external provider needs", () => {
    const problems = problemsOf({ OIDC_ISSUER: "https://idp.example", NODE_ENV: "production" });
    expect(problems.some((p) => p.startsWith("OIDC_CLIENT_ID:"))).toBe(true);
    expect(problems.some((p) => p.startsWith("SESSION_SECRET:"))).toBe(true);
    const config = loadConfig({ OIDC_ISSUER: "https://idp.example", OIDC_CLIENT_ID: "lomda", NODE_ENV: "development" });
    expect(config.embeddedIdp).toBe(false);
    expect(config.adminEmails).toEqual([]);
  });

  it("refuses CAPTCHA=off in production and hCaptcha without its keys", () => {
    expect(problemsOf({ CAPTCHA: "off" }).some((p) => p.startsWith("CAPTCHA:"))).toBe(true);
    expect(problemsOf({ CAPTCHA: "off", NODE_ENV: "test" })).toEqual([]);
    expect(problemsOf({ CAPTCHA: "hcaptcha" }).some((p) => p.startsWith("HCAPTCHA_SECRET:"))).toBe(true);
  });

  it("parses TRUST_PROXY as Express understands it", () => {
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "loopback" }).trustProxy).toBe("loopback");
  });

  it("METRICS_TOKEN: 32 printable characters or more; METRICS_ALLOW: IP addresses and CIDRs (decision 0055)", () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({}).metricsAllow).toEqual([]);
    expect(loadConfig({ METRICS_TOKEN: "t".repeat(32) }).METRICS_TOKEN).toBe("t".repeat(32));
    for (const token of ["t".repeat(31), `${"t".repeat(20)} ${"t".repeat(20)}`])
      expect(problemsOf({ METRICS_TOKEN: token })).toEqual([
        "METRICS_TOKEN: must be at least 32 printable characters without spaces",
      ]);
    expect(loadConfig({ METRICS_ALLOW: " 10.0.0.0/8, 192.0.2.7 ,::1,fd00::/8" }).metricsAllow).toEqual([
      { address: "10.0.0.0", prefix: 8, family: "ipv4" },
      { address: "192.0.2.7", prefix: 32, family: "ipv4" },
      { address: "::1", prefix: 128, family: "ipv6" },
      { address: "fd00::", prefix: 8, family: "ipv6" },
    ]);
    for (const allow of ["10.0.0.0/33", "loopback", "10.0.0.0/8,", "10.0.0/8", "::1/129", "10.0.0.0/8/1", "10.0.0.0/x"])
      expect(problemsOf({ METRICS_ALLOW: allow }), allow).toEqual([
        "METRICS_ALLOW: must be comma-separated IP addresses or CIDRs, like 10.0.0.0/8,::1",
      ]);
  });

  it("lowercases and splits ADMIN_EMAILS", () => {
    expect(loadConfig({ ADMIN_EMAILS: "Boss@Lomda.test, ops@lomda.test" }).adminEmails).toEqual([
      "boss@lomda.test",
      "ops@lomda.test",
    ]);
  });
});
