import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { type AppServices } from "../app/context.server.ts";
import type { DatabaseHandle } from "../app/lib/db.server.ts";
import type { Config } from "../app/lib/env.server.ts";
import {
  createEmbeddedIdp,
  EMBEDDED_CLIENT_ID,
  EMBEDDED_SCOPES,
  embeddedClientSecret,
  IDP_MOUNT,
} from "../app/lib/idp/provider.server.ts";
import type { Logger } from "../app/lib/logger.server.ts";
import { createMediaStore } from "../app/lib/media-store.server.ts";
import { S3MediaStore } from "../app/lib/media-store-s3.server.ts";
import { seedDemoLessons } from "../app/models/demo-lessons.server.ts";
import { seedDemoExercises } from "../app/models/demo-exercises.server.ts";
import { OidcClient } from "../app/lib/oidc.server.ts";
import { BooksClient } from "../app/models/books.server.ts";
import { initThumbnailKeys } from "../app/models/catalogue.server.ts";
import { createRateLimits } from "../app/lib/rate-limit.server.ts";
import { CheckoutCache } from "../app/lib/payments/checkout-cache.server.ts";
import { CardcomProvider } from "../app/lib/payments/cardcom.server.ts";
import type { PaymentProvider } from "../app/lib/payments/provider.server.ts";
import { StripeProvider } from "../app/lib/payments/stripe.server.ts";
import { CardcomApi } from "../app/lib/payments/cardcom-api.server.ts";
import { CardcomDocumentIssuer } from "../app/lib/invoicing/cardcom-documents.server.ts";
import type { DocumentIssuer } from "../app/lib/invoicing/document-issuer.server.ts";
import { setTaxDocumentIssuing } from "../app/models/tax-documents.server.ts";
import { OUTSIDE_ROUTER } from "./outside-router.ts";
import { createGrader } from "../app/lib/exercises/grader.server.ts";
import {
  countIdpAccounts,
  DEMO_PASSWORD,
  disableDemoAccounts,
  findIdpAccountById,
  seedDemoAccounts,
} from "../app/models/idp-account.server.ts";

export interface Runtime {
  /** The address this process listens on, known once it listens (for the embedded provider's self-calls). */
  selfOrigin?: string;
}

/** The site stylesheet (app/root.tsx links app.css?url; Vite names it app-<hash>.css). */
function builtStylesheet(clientDir: string): string | undefined {
  try {
    const css = readdirSync(`${clientDir}/assets`).find((f) => /^app-.*\.css$/.test(f));
    return css ? `/assets/${css}` : undefined;
  } catch {
    return undefined;
  }
}

/** Demo mode's playable lessons: made by scripts/demo-media/make.ts, committed with the code (decision 0044). */
export const DEMO_MEDIA_DIR = resolve("content/demo-media");

/**
 * A demo start gives the JavaScript list's first lessons their sample videos, captions and resource,
 * once per database (app/models/demo-lessons.server.ts). A failure is logged, not fatal: the demo
 * still serves everything else, and the next start tries again.
 */
/** Demo mode's exercises (issue 34), once per database; a failure is logged and the site starts. */
async function seedExercises(services: Pick<AppServices, "db" | "grader">, log: Logger) {
  try {
    const made = await seedDemoExercises(services.db, services.grader);
    if (made.length > 0) log.info({ exercises: made }, "demo exercises seeded");
  } catch (error) {
    log.error({ err: error }, "the demo exercises could not be seeded");
  }
}

async function giveDemoLessonsTheirVideos(services: Pick<AppServices, "db" | "media">, log: Logger) {
  try {
    const given = await seedDemoLessons(services.db, services.media, DEMO_MEDIA_DIR);
    if (given.length > 0) log.info({ lessons: given }, "demo lessons given their sample videos, captions and resource");
  } catch (error) {
    log.error({ err: error }, "the demo lessons could not be given their sample videos");
  }
}

/** The provider PAYMENT_PROVIDER (or Stripe's keys alone) chose; none: checkout is off. */
function paymentProvider(config: Config): PaymentProvider | undefined {
  if (config.paymentProvider === "stripe" && config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET)
    return new StripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiUrl: config.STRIPE_API_URL,
    });
  if (config.paymentProvider === "cardcom" && config.CARDCOM_TERMINAL && config.CARDCOM_API_NAME)
    return new CardcomProvider({
      terminal: config.CARDCOM_TERMINAL,
      apiName: config.CARDCOM_API_NAME,
      apiPassword: config.CARDCOM_API_PASSWORD ?? null,
      apiUrl: config.CARDCOM_API_URL,
      webhookUrl: `${config.PUBLIC_URL}${OUTSIDE_ROUTER.cardcomWebhook.path}`,
    });
  return undefined;
}

/**
 * Who issues the tax documents (decision 0048): Cardcom, for its own payments, when the API password
 * (which CreateDocument asks for) is set. Stripe's payments get none from Lomda. The process's payment
 * code queues a document only for the payments of a provider named here.
 */
function taxDocumentIssuer(config: Config): DocumentIssuer | undefined {
  const issuer =
    config.paymentProvider === "cardcom" &&
    config.CARDCOM_TERMINAL &&
    config.CARDCOM_API_NAME &&
    config.CARDCOM_API_PASSWORD
      ? new CardcomDocumentIssuer(
          new CardcomApi({
            terminal: config.CARDCOM_TERMINAL,
            apiName: config.CARDCOM_API_NAME,
            apiPassword: config.CARDCOM_API_PASSWORD,
            apiUrl: config.CARDCOM_API_URL,
          }),
        )
      : undefined;
  setTaxDocumentIssuing(issuer ? { issuer: issuer.name, providers: ["cardcom"] } : null);
  return issuer;
}

/** Everything a request may need, built once at start. */
export async function createServices(
  config: Config,
  database: DatabaseHandle,
  log: Logger,
  cookieSecrets: string[],
  runtime: Runtime,
  clientDir: string,
): Promise<AppServices> {
  const { db } = database;
  initThumbnailKeys(cookieSecrets[0]!);
  const books = new BooksClient({
    url: config.BOOKS_API_URL,
    key: config.BOOKS_API_KEY,
    timeoutMs: config.BOOKS_TIMEOUT_MS,
    log,
  });
  // What every request may need, whichever provider signs people in.
  const common = {
    config,
    db,
    database,
    log,
    cookieSecrets,
    rateLimits: createRateLimits(db),
    books,
    // Uploaded lesson videos and course covers (MEDIA_DIR: one volume for every process), or a
    // bucket (MEDIA_S3_*, decision 0056).
    media: config.mediaS3
      ? new S3MediaStore({ ...config.mediaS3, spoolDir: join(config.DATA_DIR, "upload-spool") })
      : createMediaStore(config.mediaDir),
    // Online payments, by the configured provider (README "Taking payments").
    payments: paymentProvider(config),
    checkoutCache: new CheckoutCache(),
    taxDocuments: taxDocumentIssuer(config),
    // Exercise submissions, graded in worker threads that start with the first one (decision 0052).
    grader: createGrader(),
  };
  if (!config.embeddedIdp) {
    const oidc = new OidcClient(
      {
        issuer: config.OIDC_ISSUER!,
        clientId: config.OIDC_CLIENT_ID!,
        clientSecret: config.OIDC_CLIENT_SECRET,
        audience: config.OIDC_AUDIENCE,
        organization: config.OIDC_ORGANIZATION,
        tokenAuthMethod: config.OIDC_TOKEN_AUTH_METHOD,
        idTokenAlgs: config.OIDC_ID_TOKEN_ALGS,
        scope: "openid profile email",
        redirectUri: `${config.PUBLIC_URL}/auth/callback`,
        postLogoutRedirectUri: `${config.PUBLIC_URL}/`,
      },
      log,
    );
    return { ...common, oidc };
  }

  if (config.demo) {
    await seedDemoAccounts(db);
    await giveDemoLessonsTheirVideos(common, log);
    await seedExercises(common, log);
    log.warn(
      { accounts: ["learner@lomda.test", "subscriber@lomda.test", "admin@lomda.test"] },
      `DEMO SIGN-IN IS ON: the embedded OpenID provider at ${IDP_MOUNT} accepts the demo accounts with the password "${DEMO_PASSWORD}". Start without --demo / LOMDA_DEMO=1 for a real site.`,
    );
  } else {
    const disabled = await disableDemoAccounts(db);
    if (disabled > 0) log.warn({ disabled }, "demo accounts disabled: demo mode is off");
    if ((await countIdpAccounts(db)) === 0) {
      log.warn(
        "no sign-in accounts yet: create the first admin with `npm run accounts -- create you@example.com --admin`",
      );
    }
  }
  const idp = await createEmbeddedIdp({
    db,
    publicUrl: config.PUBLIC_URL,
    cookieSecrets,
    trustProxy: config.trustProxy !== false,
    stylesheetHref: builtStylesheet(clientDir),
    findAccount: (id) => findIdpAccountById(db, id),
    selfOrigin: () => runtime.selfOrigin,
  });
  // The provider answers its own failures with its error page; without these the log would hold
  // only "status 500" and not why.
  idp.on("server_error", (ctx, err) => log.error({ err, path: ctx.path }, "sign-in provider failed"));
  const oidc = new OidcClient(
    {
      issuer: `${config.PUBLIC_URL}${IDP_MOUNT}`,
      clientId: EMBEDDED_CLIENT_ID,
      clientSecret: embeddedClientSecret(cookieSecrets),
      scope: EMBEDDED_SCOPES,
      redirectUri: `${config.PUBLIC_URL}/auth/callback`,
      postLogoutRedirectUri: `${config.PUBLIC_URL}/`,
      publicOrigin: config.publicOrigin,
      selfOrigin: () => runtime.selfOrigin,
    },
    log,
  );
  return { ...common, oidc, idp };
}
