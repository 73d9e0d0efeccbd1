import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { existsSync, readdirSync } from "node:fs";
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler as createFetchHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { migrateToLatest } from "../db/migrate.ts";
import { requestContext, type AppServices, type RequestInfo } from "../app/context.server.ts";
import { openDatabase } from "../app/lib/db.server.ts";
import { ConfigError, loadConfig, type Config } from "../app/lib/env.server.ts";
import { localeCookie } from "../app/lib/cookies.server.ts";
import { flushErrorReporting, initServerErrorReporting, isClientAbort } from "../app/lib/error-reporting.server.ts";
import { IDP_MOUNT } from "../app/lib/idp/provider.server.ts";
import { createLogger } from "../app/lib/logger.server.ts";
import { loadCookieSecrets } from "../app/lib/secrets.server.ts";
import { seedCatalogue } from "../app/models/catalogue-seed.server.ts";
import { publicContentVersion } from "../app/models/public-content.server.ts";
import { startBackgroundJobs } from "./background.ts";
import { BODY_TIMEOUT_MS, bodyLimit, bodyTimeout, UPLOAD_TIMEOUT_MS, uploadBodyLimit } from "./body-limit.ts";
import { formBodiesOnly, refuse, requestGuard } from "./request-guard.ts";
import { feedbackList } from "./api-feedback.ts";
import { fastLane, sendAnswer } from "./fast-lane.ts";
import { healthCheck, readinessCheck } from "./health.ts";
import { metricsEndpoint } from "./metrics.ts";
import { OUTSIDE_ROUTER } from "./outside-router.ts";
import { cardcomWebhook, paymentWebhook } from "./payment-webhook.ts";
import { servedBuild } from "./route-table.ts";
import { createPageCache } from "./page-cache.ts";
import { precompressedFiles } from "./precompressed.ts";
import { renderBudget } from "./render-budget.ts";
import { requestLog } from "./request-log.ts";
import { sameOriginOnly } from "./same-origin.ts";
import { capConnections } from "./connection-cap.ts";
import { acceleratedVideos, coverFiles, thumbnails, videoFiles } from "./media.ts";
import { buildHashCsp, nonPageHeaders, pageHeaders, securityHeaders, type CspOptions } from "./security-headers.ts";
import { createServices, type Runtime } from "./services.ts";
import { viewerOf } from "./viewer.ts";
import { runAccountsCommand, readPassword } from "./accounts-cli.ts";
import { runSubscriptionsCommand } from "./subscriptions-cli.ts";
import { runMediaToBucketCommand } from "./media-cli.ts";
import { runBackupCommand, runRestoreCommand } from "./backup-cli.ts";
import { backupBeforeMigrating } from "./backup.ts";

export { createServices, startBackgroundJobs };

const SHUTDOWN_GRACE_MS = 10_000;

/** The embedded provider's endpoints that store a row for an anonymous visitor (rate-limited). */
const STORING_PROVIDER_PATHS = new Set(["/auth", "/session/end", "/session/end/confirm"]);

export interface AppOptions {
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the built browser files (build/client). */
  clientDir?: string;
  /** Folder of the self-hosted lesson videos (default: media/videos beside build/). */
  mediaDir?: string;
  /** Development only: Vite's middlewares (modules, hot reload), mounted before the app. */
  devMiddleware?: express.RequestHandler;
}

/** The React Router app, bundled beside this file by `react-router build`. */
const loadServerBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
export const CLIENT_DIR = fileURLToPath(new URL("../client", import.meta.url));

const HCAPTCHA_ORIGINS = ["https://hcaptcha.com", "https://*.hcaptcha.com"];

function frameOrigins(config: Config): string[] {
  return [
    new URL(config.MAP_EMBED_URL).origin,
    "https://www.youtube-nocookie.com",
    ...(config.CAPTCHA === "hcaptcha" ? HCAPTCHA_ORIGINS : []),
  ];
}

/**
 * Forms may post (and be redirected) to the sign-in provider: logout goes to its end-session endpoint.
 * With payments on, /checkout and /billing/portal answer a form with a redirect to the provider's
 * hosted pages (form-action covers redirects): Stripe's, or the API's own origin when it is not
 * Stripe's (the tests' stand-in serves its pages beside its API); Cardcom's pages are on its API's
 * origin (LowProfile/Create answers a Url there, and the provider refuses any other).
 */
function formOrigins(config: Config): string[] {
  const origins = config.OIDC_ISSUER ? [new URL(config.OIDC_ISSUER).origin] : [];
  if (config.paymentProvider === "stripe") {
    const api = new URL(config.STRIPE_API_URL).origin;
    origins.push(
      ...(api === "https://api.stripe.com" ? ["https://checkout.stripe.com", "https://billing.stripe.com"] : [api]),
    );
  }
  if (config.paymentProvider === "cardcom") origins.push(new URL(config.CARDCOM_API_URL).origin);
  return origins;
}

export function createApp(services: AppServices, options: AppOptions = {}) {
  const { config, database, log } = services;
  const clientDir = options.clientDir ?? CLIENT_DIR;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  app.use(requestLog(log, { behindProxy: Boolean(config.trustProxy) }));
  // A body that trickles in holds a connection: 30 s for it, an hour for an admin's upload.
  app.use(bodyTimeout({ ms: BODY_TIMEOUT_MS, uploadMs: UPLOAD_TIMEOUT_MS, log }));
  const csp: CspOptions = {
    frameSrc: frameOrigins(config),
    connectSrc: [
      ...(config.SENTRY_DSN ? [new URL(config.SENTRY_DSN).origin] : []),
      ...(config.CAPTCHA === "hcaptcha" ? HCAPTCHA_ORIGINS : []),
    ],
    scriptOrigins: config.CAPTCHA === "hcaptcha" ? HCAPTCHA_ORIGINS : [],
    formAction: formOrigins(config),
    // Front-Channel Logout: the provider's logout page shows ours in an iframe.
    framedBy: {
      paths: ["/auth/frontchannel-logout"],
      origins: [config.OIDC_ISSUER ? new URL(config.OIDC_ISSUER).origin : "'self'"],
    },
    // Book covers come from Google's image hosts; feedback pictures are links people give
    // (https only: see docs/decisions/0006).
    imgSrc: ["https:"],
    // A lesson video in a bucket: the player follows /video/'s redirect there (CSP checks it).
    mediaSrc: config.mediaS3 ? [new URL(config.mediaS3.bucketUrl).origin] : [],
    https: config.publicOrigin.startsWith("https:"),
    development: Boolean(options.devMiddleware),
  };
  app.use(securityHeaders(csp));
  const framed = new Set(csp.framedBy?.paths ?? []);
  // Every URL answered before the router is listed, with its reason, in server/outside-router.ts.
  // The health check first: a load balancer asks often, and it needs none of what follows. (Both it
  // and the feedback list are usually answered before Express, by the fast lane below.)
  const health = healthCheck(database);
  app.get(OUTSIDE_ROUTER.health.path, (req, res, next) => {
    health().then((answer) => sendAnswer(res, answer), next);
  });
  const readiness = readinessCheck(database);
  app.get(OUTSIDE_ROUTER.readiness.path, (req, res, next) => {
    readiness().then((answer) => sendAnswer(res, answer), next);
  });
  // Prometheus (any Host: it scrapes each process at its own address); a stranger goes on to the 404.
  app.get(OUTSIDE_ROUTER.metrics.path, metricsEndpoint(services));
  // Unknown methods (405), a missing or absurd Host and undecodable paths (400), before anything else.
  app.use(requestGuard({ trustProxy: Boolean(config.trustProxy) }));
  // Visitors' pages from memory, before the rest of the stack (not in development: edits must show).
  const pageCache =
    typeof options.build === "function" || options.devMiddleware
      ? undefined
      : createPageCache({
          publicOrigin: config.publicOrigin,
          version: () => publicContentVersion(database.db),
          policy: (hashes) => buildHashCsp(hashes, csp),
          localeCookie: (locale) => localeCookie(config, locale),
          pageHeaders: pageHeaders(csp),
        });
  if (pageCache) app.use(pageCache.lookup);
  if (options.devMiddleware) app.use(options.devMiddleware);
  app.use(compression());

  // Built files carry a content hash in their name: cache them for a year. Compressed at build time.
  app.use(
    OUTSIDE_ROUTER.assets.path,
    routeLabel("/assets/*"),
    precompressedFiles(`${clientDir}/assets`, { "Cache-Control": "public, max-age=31536000, immutable" }),
    express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }),
  );
  // The other public files, each under its own prefix: a page request never costs a failed lookup on disk.
  const publicFiles = express.static(clientDir, { maxAge: "1h", index: false });
  for (const entry of publicEntries(clientDir)) {
    if (entry.isDirectory())
      app.use(
        `/${entry.name}`,
        routeLabel(`/${entry.name}/*`),
        express.static(join(clientDir, entry.name), { maxAge: "1h", index: false }),
      );
    else app.get(`/${entry.name}`, publicFiles);
  }

  const bundledVideos = options.mediaDir ?? join(clientDir, "../../media/videos");
  app.get(OUTSIDE_ROUTER.video.path, videoFiles(services, bundledVideos));
  app.get(OUTSIDE_ROUTER.covers.path, coverFiles(services));
  app.get(OUTSIDE_ROUTER.thumbnails.path, thumbnails(services));
  const feedback = feedbackList(services);
  app.get(OUTSIDE_ROUTER.feedbackList.path, (req, res, next) => {
    feedback(req).then((answer) => sendAnswer(res, answer), next);
  });
  // The payment provider's events: raw body (its signature covers the bytes), no same-origin check.
  app.post(OUTSIDE_ROUTER.paymentWebhook.path, ...paymentWebhook(services));
  // Cardcom's notification of a deal: only a hint, read back from Cardcom before anything is granted.
  app.post(OUTSIDE_ROUTER.cardcomWebhook.path, ...cardcomWebhook(services));

  app.use(
    bodyLimit({
      uploadLimit: uploadBodyLimit(config),
      isAdmin: async (req) => (await viewerOf(services, req)).viewer.isAdmin,
    }),
  );
  app.use(formBodiesOnly);
  app.use(sameOriginOnly(config.publicOrigin, log));

  // The embedded OpenID provider; its login page (/idp/interaction/…) is a page of the app below.
  if (services.idp) {
    const idpCallback = services.idp.callback();
    app.use(OUTSIDE_ROUTER.idp.path, (req, res, next) => {
      if (req.path.startsWith("/interaction/")) return next();
      res.locals.route = `${OUTSIDE_ROUTER.idp.path}/*`;
      if (!STORING_PROVIDER_PATHS.has(req.path)) return idpCallback(req, res);
      services.rateLimits.providerStart.consume(req.ip ?? req.socket.remoteAddress ?? "").then((limit) => {
        if (limit.ok) return idpCallback(req, res);
        log.warn({ reqId: res.locals.requestId, route: `idp${req.path}` }, "rate limit hit");
        res.set("Retry-After", String(limit.retryAfter));
        refuse(req, res, 429, "tooMany", "Too Many Requests", "tooManyTitle");
      }, next);
    });
  }

  const loadContext = (req: Request, res: Response) => {
    const context = new RouterContextProvider();
    context.set(requestContext, {
      ...services,
      requestId: res.locals.requestId as string,
      nonce: res.locals.cspNonce as string,
      nodeReq: req,
      nodeRes: res as RequestInfo["nodeRes"],
      clientIp: req.ip ?? req.socket.remoteAddress ?? "",
    });
    return context;
  };
  const mode = config.isProduction ? "production" : "development";
  const routerHandler = (build: ServerBuild | (() => Promise<ServerBuild>)): express.RequestHandler => {
    const handle = createRequestHandler({ build, mode, getLoadContext: loadContext });
    if (!pageCache) return handle;
    const renderPage = createFetchHandler(build, mode);
    return (req, res, next) => {
      // A page the cache may keep: its own scripts, marked with this response's nonce, are then
      // allowed by hash and the nonce removed (server/page-cache.ts).
      if (!res.locals.pageCache) return handle(req, res, next);
      const nonce = res.locals.cspNonce as string;
      pageCache.render(req, res, nonce, (request) => renderPage(request, loadContext(req, res))).catch(next);
    };
  };
  // Everything past this point is rendered by React Router: each client has a budget of renders
  // (not under `npm run dev`, where one developer's hot reloads come in bursts).
  const { burst, perSecond } = config.renderBudget;
  if (!options.devMiddleware)
    app.use(
      renderBudget({
        sessionOf: async (req) => (await viewerOf(services, req)).sessionId,
        log,
        strangers: { burst, perSecond },
        people: { burst: burst * 2, perSecond: perSecond * 2 },
      }),
    );

  // React Router derives its route tree from the build on every request when given a function
  // (that is how `npm run dev` picks up edits); the built app is loaded once and given as an object.
  // The test-only routes are in the build but in this process's route table only when asked for.
  const served = (build: ServerBuild) => servedBuild(build, config.LOMDA_TEST_ROUTES === "1");
  const { build } = options;
  if (build) {
    app.use(routerHandler(typeof build === "function" ? async () => served(await build()) : served(build)));
  } else {
    let handler: Promise<express.RequestHandler> | undefined;
    app.use((req, res, next) => {
      handler ??= loadServerBuild().then((loaded) => routerHandler(served(loaded)));
      handler.then((handle) => handle(req, res, next), next);
    });
  }

  // Last resort: something failed outside the router. Plain text, no stack.
  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    // The client went away: nobody to answer, and the request log has its line (D-L17).
    if (isClientAbort(err)) {
      log.debug({ reqId: res.locals.requestId, code: (err as { code?: unknown }).code }, "client aborted");
      return;
    }
    if (res.headersSent) return next(err);
    const status = (err as { status?: number }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      res.status(status).type("text/plain").send("Bad Request");
      return;
    }
    log.error({ err, reqId: res.locals.requestId }, "unhandled error");
    res.status(500).type("text/plain").send("Internal Server Error");
  });

  const lane = fastLane(
    {
      [OUTSIDE_ROUTER.health.path]: health,
      [OUTSIDE_ROUTER.readiness.path]: readiness,
      [OUTSIDE_ROUTER.feedbackList.path]: feedback,
    },
    {
      log,
      headers: nonPageHeaders(csp),
      trustProxy: Boolean(config.trustProxy),
      // With nginx sending the bytes, a video range (or a player's load, with signed URLs) is
      // only its access check (decisions 0056, 0061).
      prefixes:
        config.MEDIA_ACCEL_REDIRECT || config.secureLink
          ? [{ prefix: "/video/", ...acceleratedVideos(services, bundledVideos) }]
          : [],
      passOn: app,
      // Visitors' cached pages, before the stack they do not need (decision 0059). A page the
      // provider may frame has other headers (securityHeaders): never the lane's.
      pages: pageCache
        ? (req, path, url) => (framed.has(path) ? undefined : pageCache.answer(req, path, url))
        : undefined,
    },
  );
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    if (!lane(req, res)) app(req, res);
  };
  // The stack alone (every request through Express) and the cache: tests compare the lane's hits
  // with the stack's and count them.
  return Object.assign(handler, { stack: app as RequestListener, pageCache });
}

/** Names the requests below a mount for the request metrics (a pattern, never the raw URL). */
function routeLabel(label: string): express.RequestHandler {
  return (_req, res, next) => {
    res.locals.route = label;
    next();
  };
}

/** What public/ put in the client build beside the hashed assets (images/, favicon.svg…). */
function publicEntries(clientDir: string) {
  if (!existsSync(clientDir)) return [];
  return readdirSync(clientDir, { withFileTypes: true }).filter((e) => e.name !== "assets" && !e.name.startsWith("."));
}

function listen(app: RequestListener, port: number, host: string, setup: (server: Server) => void): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(app);
    setup(server);
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve(server);
    });
  });
}

/** The process: check configuration, migrate, serve, and shut down gracefully. */
export async function main(args: string[], appOptions: AppOptions = {}): Promise<void> {
  process.env.NODE_ENV ??= "production";
  // `npm start` runs `server.js --demo`: demo mode unless LOMDA_DEMO says otherwise.
  if (args.includes("--demo")) process.env.LOMDA_DEMO ??= "1";
  const argv = args.filter((a) => a !== "--demo");
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.LOG_LEVEL);
  process.on("unhandledRejection", (reason) => {
    // Crash rather than limp on in an unknown state; the supervisor restarts us.
    log.fatal({ err: reason }, "unhandled promise rejection");
    void flushErrorReporting().finally(() => process.exit(1));
  });

  // Backups and restores (decision 0054) work on the database as it is: before any migration.
  if (argv[0] === "backup" || argv[0] === "restore") {
    const out = (line: string) => process.stdout.write(`${line}\n`);
    const code =
      argv[0] === "backup"
        ? await runBackupCommand(config, argv.slice(1), out, log)
        : await runRestoreCommand(config, argv.slice(1), out);
    process.exit(code);
  }

  // Moving uploads to a bucket (decision 0056) needs no database.
  if (argv[0] === "media-to-bucket") {
    process.exit(await runMediaToBucketCommand(config, argv.slice(1), (line) => process.stdout.write(`${line}\n`)));
  }

  const database = openDatabase(config.DATABASE_URL);
  try {
    await backupBeforeMigrating(database, {
      mediaDir: config.mediaDir,
      dir: config.backupDir,
      key: config.BACKUP_ENCRYPTION_KEY,
      enabled: config.BACKUP_BEFORE_MIGRATE === "1",
      log,
    });
    await migrateToLatest(database.db);
  } catch (error) {
    log.fatal({ err: error }, "database migration failed");
    await database.close().catch(() => {});
    process.exit(1);
  }
  try {
    // An empty catalogue gets content/ once; after that the catalogue is the admin area's.
    if (await seedCatalogue(database.db)) log.info("catalogue seeded from content/");
  } catch (error) {
    log.fatal({ err: error }, "seeding the catalogue failed");
    await database.close().catch(() => {});
    process.exit(1);
  }
  if (argv[0] === "migrate") {
    log.info({ dialect: database.dialect }, "database migrated");
    await database.close();
    return;
  }
  if (argv[0] === "subscriptions") {
    const code = await runSubscriptionsCommand(database.db, argv.slice(1), (line) => process.stdout.write(`${line}\n`));
    await database.close();
    process.exit(code);
  }

  if (argv[0] === "accounts") {
    const code = await runAccountsCommand(database.db, argv.slice(1), {
      out: (line) => process.stdout.write(`${line}\n`),
      password: readPassword,
      embeddedIssuer: config.embeddedIdp ? `${config.PUBLIC_URL}${IDP_MOUNT}` : undefined,
    });
    await database.close();
    process.exit(code);
  }

  await initServerErrorReporting(config.SENTRY_DSN, config.NODE_ENV);
  if (config.SENTRY_DSN) log.info("error reporting to Sentry is on");

  const cookieSecrets = loadCookieSecrets(config.SESSION_SECRET, config.DATA_DIR);
  const runtime: Runtime = {};
  const services = await createServices(
    config,
    database,
    log,
    cookieSecrets,
    runtime,
    appOptions.clientDir ?? CLIENT_DIR,
  );
  const app = createApp(services, appOptions);
  // Housekeeping and the forwarding outbox, shared safely with any other process on the database.
  const jobs = startBackgroundJobs(services);
  services.kickForwarding = jobs.kickForwarding;

  let server: Server;
  try {
    // Connections per client are capped, but a trusted proxy's (it carries everyone's requests).
    const trusted = express().set("trust proxy", config.trustProxy).get("trust proxy fn") as (
      address: string,
      hop: number,
    ) => boolean;
    server = await listen(app, config.PORT, config.HOST, (created) =>
      capConnections(created, { trusted: (address) => trusted(address, 0), log }),
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    log.fatal(
      { err: error, port: config.PORT, host: config.HOST },
      code === "EADDRINUSE" ? `port ${config.PORT} is already in use` : "could not start listening",
    );
    await database.close().catch(() => {});
    process.exit(1);
  }
  server.headersTimeout = 15_000;
  // The longest a request may take to arrive: an upload's; bodyTimeout holds every other body to 30 s.
  server.requestTimeout = UPLOAD_TIMEOUT_MS + 60_000;
  server.keepAliveTimeout = 5_000;

  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const selfHost = config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST;
  runtime.selfOrigin = `http://${selfHost.includes(":") ? `[${selfHost}]` : selfHost}:${port}`;
  log.info(
    { port, publicUrl: config.PUBLIC_URL, dialect: database.dialect },
    `Lomda is serving on ${config.PUBLIC_URL}`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    // Keep-alive connections that finish their request become idle: close them as they do.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    server.close(async () => {
      clearTimeout(force);
      clearInterval(sweep);
      await jobs.stop();
      await services.grader.close();
      await database.close().catch((err: unknown) => log.error({ err }, "closing the database failed"));
      await flushErrorReporting().catch(() => {});
      log.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
