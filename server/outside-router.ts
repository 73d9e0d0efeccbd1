import { IDP_MOUNT } from "../app/lib/idp/provider.server.ts";

/**
 * Every URL answered before React Router's route table (app/routes.ts points here), and why it
 * cannot be a route. `createApp` (server/app.ts) registers each of them with the path given here, so
 * this list and what the server answers are one. Anything else is a route in app/routes.ts.
 */
export const OUTSIDE_ROUTER = {
  health: {
    path: "/healthz",
    methods: "GET, HEAD",
    why: "health check: asked often, needs nothing of the app; the fast lane, else before the request guard (decision 0028)",
  },
  readiness: {
    path: "/readyz",
    methods: "GET, HEAD",
    why: "readiness check (database and migrations): asked as often as /healthz, by the load balancer; the fast lane too",
  },
  /** Prometheus's scrape, for a token or an allowed address only; anyone else gets the app's 404 (decision 0055). */
  metrics: {
    path: "/metrics",
    methods: "GET, HEAD",
    why: "monitoring: the process's own counters, before the page cache and the router (a stranger falls through to them)",
  },
  /**
   * The public feedback list: the fast lane answers it before Express (decision 0028), Express
   * answers the spellings the lane leaves to it. Its POST is a route (app/routes/api-feedback.ts).
   */
  feedbackList: {
    path: "/api/feedback",
    methods: "GET, HEAD",
    why: "fast lane: the most asked JSON, kept per feedback version, no session or page",
  },
  /** Give this URL to Stripe (README, "Taking payments"). */
  paymentWebhook: {
    path: "/webhooks/stripe",
    methods: "POST",
    why: "webhook: the signature covers the raw bytes, and it comes from Stripe, not our origin",
  },
  /** Lomda names it to Cardcom in every checkout (WebHookUrl); decision 0046. */
  cardcomWebhook: {
    path: "/webhooks/cardcom",
    methods: "POST",
    why: "webhook: a JSON body from Cardcom's server (pages take form bodies only), which only names a deal to read back",
  },
  video: {
    path: "/video/:file",
    methods: "GET, HEAD",
    why: "media: HTTP Range and conditional GET, streamed from a file handle; with MEDIA_ACCEL_REDIRECT or MEDIA_SECURE_LINK_SECRET only the access check, in the fast lane, and nginx sends the bytes (decisions 0056, 0061)",
  },
  covers: {
    path: "/media/covers/:file",
    methods: "GET, HEAD",
    why: "media: an uploaded file streamed from the store with conditional GET",
  },
  thumbnails: {
    path: "/thumb/:key",
    methods: "GET, HEAD",
    why: "media: an image kept on disk (or a placeholder), behind a circuit breaker",
  },
  assets: {
    path: "/assets",
    methods: "GET, HEAD",
    why: "built files (everything below it): hashed names, precompressed, cached for a year",
  },
  publicFiles: {
    path: "/<each entry of build/client>",
    methods: "GET, HEAD",
    why: "built files: public/ as copied into the build (images/, favicon.svg…), each under its own prefix",
  },
  idp: {
    path: IDP_MOUNT,
    methods: "any",
    why: "the embedded OpenID provider (everything below it, oidc-provider's own router) but its login page, /idp/interaction/:uid, a route",
  },
} as const;
