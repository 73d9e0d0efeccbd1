import { createHmac, generateKeyPairSync, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import Provider, { interactionPolicy, type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import type { Database, IdpAccount } from "~/lib/db.server";
import { direction, resolveLocale } from "~/i18n/locale";
import { readCookies } from "~/lib/cookies.server";
import { translationFor } from "~/i18n/resources.server";
import { getOrCreateKey } from "~/lib/key-store.server";
import { databaseAdapter } from "./adapter.server";

/**
 * The embedded OpenID provider (oidc-provider at /idp), used when OIDC_ISSUER is unset. One
 * confidential client — Lomda itself —, PKCE required, RS256 keys kept in the database, state in
 * the database, and pages (login, logout, errors) of our own in English and Hebrew.
 */

export const EMBEDDED_CLIENT_ID = "lomda";
export const IDP_MOUNT = "/idp";
export const EMBEDDED_SCOPES = "openid profile email phone address";
/** How long the embedded provider remembers a sign-in (the privacy notice, /privacy, quotes it). */
export const IDP_SESSION_SECONDS = 14 * 24 * 3600;

/** The embedded client's secret, derived from the cookie secret so nothing extra is stored. */
export function embeddedClientSecret(cookieSecrets: readonly string[]): string {
  return createHmac("sha256", cookieSecrets[0]!).update("lomda-embedded-oidc-client").digest("base64url");
}

export interface EmbeddedIdpOptions {
  db: Kysely<Database>;
  publicUrl: string;
  cookieSecrets: string[];
  trustProxy: boolean;
  /** The built stylesheet, so the provider's own pages look like the site (inline styles are forbidden by CSP). */
  stylesheetHref?: string;
  /**
   * The account behind a subject. Injected by server/services.ts, where services are composed, so
   * lib does not import a model. (Moving the provider to server/ instead would not do: the login
   * page is a route, app/routes/idp-interaction.tsx, which needs this module's constants, and a
   * route must not import server/.)
   */
  findAccount(id: string): Promise<IdpAccount | undefined>;
  /**
   * The address this process listens on: the provider's own server-to-server calls to the public
   * origin (back-channel logout to our client) go there directly, as OidcClient's do.
   */
  selfOrigin?: () => string | undefined;
}

async function signingKeys(db: Kysely<Database>) {
  const value = await getOrCreateKey(db, "idp-jwks", () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const jwk = privateKey.export({ format: "jwk" });
    return JSON.stringify({ keys: [{ ...jwk, kid: randomUUID(), alg: "RS256", use: "sig" }] });
  });
  return JSON.parse(value) as NonNullable<Configuration["jwks"]>;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function pageLocale(ctx: KoaContextWithOIDC) {
  const headers = new Headers();
  const cookie = ctx.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const accept = ctx.get("accept-language");
  if (accept) headers.set("accept-language", accept);
  const request = new Request("http://local/", { headers });
  return resolveLocale(request, readCookies(request)).locale;
}

function nonceOf(ctx: KoaContextWithOIDC): string {
  return ((ctx.res as unknown as { locals?: { cspNonce?: string } }).locals?.cspNonce ?? "") as string;
}

function page(ctx: KoaContextWithOIDC, stylesheetHref: string | undefined, title: string, body: string): string {
  const locale = pageLocale(ctx);
  const css = stylesheetHref ? `<link rel="stylesheet" href="${escapeHtml(stylesheetHref)}">` : "";
  return `<!DOCTYPE html><html lang="${locale}" dir="${direction(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>${css}</head><body class="min-h-dvh bg-ink-50 font-sans text-ink-900"><main class="container-page flex min-h-dvh items-center justify-center py-10"><div class="w-full max-w-md rounded-[var(--radius-card)] bg-white p-8 text-center shadow-[var(--shadow-card)]">${body}</div></main></body></html>`;
}

/**
 * The provider's default prompts, and one more reason to ask for the login: the session's account
 * can no longer be found (disabled or removed since). Without it the provider would go on to the
 * consent prompt with no account and fail with a server error.
 */
function signInPolicy() {
  const policy = interactionPolicy.base();
  policy
    .get("login")!
    .checks.add(
      new interactionPolicy.Check("account_unavailable", "The account of this session cannot sign in", (ctx) =>
        ctx.oidc.session?.accountId && !ctx.oidc.account
          ? interactionPolicy.Check.REQUEST_PROMPT
          : interactionPolicy.Check.NO_NEED_TO_PROMPT,
      ),
    );
  return policy;
}

export async function createEmbeddedIdp(options: EmbeddedIdpOptions): Promise<Provider> {
  const { db, publicUrl, cookieSecrets, stylesheetHref, findAccount } = options;
  const issuer = `${publicUrl}${IDP_MOUNT}`;
  const secure = publicUrl.startsWith("https:");

  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    clients: [
      {
        client_id: EMBEDDED_CLIENT_ID,
        client_secret: embeddedClientSecret(cookieSecrets),
        client_name: "Lomda",
        redirect_uris: [`${publicUrl}/auth/callback`],
        post_logout_redirect_uris: [`${publicUrl}/`],
        backchannel_logout_uri: `${publicUrl}/auth/backchannel-logout`,
        backchannel_logout_session_required: true,
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
        id_token_signed_response_alg: "RS256",
      },
    ],
    pkce: { required: () => true },
    jwks: await signingKeys(db),
    cookies: {
      keys: cookieSecrets,
      long: { signed: true, httpOnly: true, sameSite: "lax", secure },
      short: { signed: true, httpOnly: true, sameSite: "lax", secure },
    },
    scopes: ["openid", "profile", "email", "phone", "address"],
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "picture", "updated_at"],
      phone: ["phone_number", "phone_number_verified"],
      address: ["address"],
    },
    // Our own client reads the profile from the ID token, as it does from external providers.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const account = await findAccount(sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        async claims() {
          return {
            sub: account.id,
            email: account.email,
            email_verified: true,
            name: account.name,
            ...(account.phone ? { phone_number: account.phone, phone_number_verified: false } : {}),
            ...(account.address ? { address: { formatted: account.address } } : {}),
          };
        },
      };
    },
    interactions: {
      policy: signInPolicy(),
      url: (_ctx, interaction) => `${IDP_MOUNT}/interaction/${interaction.uid}`,
    },
    // Lomda is the provider's only (first-party) client: no consent screen, grant what it asks.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      if (ctx.oidc.client!.clientId !== EMBEDDED_CLIENT_ID || !ctx.oidc.session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: EMBEDDED_CLIENT_ID,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope(EMBEDDED_SCOPES);
      await grant.save();
      return grant;
    },
    // Calls to our own public origin (the back-channel logout of our client) go to this process's
    // own address, like OidcClient's: no trip through a proxy, and oidc-provider's guard against
    // special-use addresses is not meant for ourselves. Every other URL keeps that guard.
    async fetch(url, init) {
      const self = options.selfOrigin?.();
      const target = String(url);
      if (self && (target === publicUrl || target.startsWith(`${publicUrl}/`))) {
        const { dispatcher: _guard, ...rest } = init as RequestInit & { dispatcher?: unknown };
        return globalThis.fetch(self + target.slice(publicUrl.length), rest);
      }
      return globalThis.fetch(url, init);
    },
    features: {
      devInteractions: { enabled: false },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          const t = translationFor(pageLocale(ctx)).idp;
          const confirmed = form.replace("</form>", '<input type="hidden" name="logout" value="yes"/></form>');
          ctx.body = page(
            ctx,
            stylesheetHref,
            t.signingOut,
            `<h1 class="text-2xl font-bold">${escapeHtml(t.signingOut)}</h1>${confirmed}<p class="mt-4 text-ink-600">${escapeHtml(t.signingOutText)}</p><button class="btn btn-primary mt-6" type="submit" form="op.logoutForm">${escapeHtml(t.signOutButton)}</button><script nonce="${nonceOf(ctx)}">document.getElementById("op.logoutForm").submit();</script>`,
          );
        },
        async postLogoutSuccessSource(ctx) {
          const t = translationFor(pageLocale(ctx)).idp;
          ctx.body = page(
            ctx,
            stylesheetHref,
            t.signedOut,
            `<h1 class="text-2xl font-bold">${escapeHtml(t.signedOut)}</h1><a class="btn btn-primary mt-6" href="${escapeHtml(publicUrl)}/">${escapeHtml(t.backToSite)}</a>`,
          );
        },
      },
    },
    async renderError(ctx, out) {
      const t = translationFor(pageLocale(ctx)).idp;
      ctx.type = "html";
      ctx.body = page(
        ctx,
        stylesheetHref,
        t.errorTitle,
        `<h1 class="text-2xl font-bold">${escapeHtml(t.errorTitle)}</h1><p class="mt-4 text-ink-600">${escapeHtml(String(out.error_description ?? out.error ?? ""))}</p><a class="btn btn-primary mt-6" href="${escapeHtml(publicUrl)}/signin">${escapeHtml(t.tryAgain)}</a>`,
      );
    },
    ttl: {
      AuthorizationCode: 60,
      IdToken: 3600,
      AccessToken: 3600,
      Interaction: 3600,
      Session: IDP_SESSION_SECONDS,
      Grant: 14 * 24 * 3600,
    },
  };

  const provider = new Provider(issuer, configuration);
  provider.proxy = options.trustProxy;
  return provider;
}
