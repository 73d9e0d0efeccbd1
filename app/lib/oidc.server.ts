import * as jose from "jose";
import * as client from "openid-client";
import type { Logger } from "./logger.server";
import type { SignInErrorCode } from "./oidc.types";

/**
 * The relying party: Lomda signing people in at an OpenID provider (openid-client), as the
 * library's own examples do it. Discovery once, memoised; a fresh PKCE verifier, state and nonce
 * for every redirect; every ID token check the library offers (SPEC.md §5), plus organization.
 */

export const TOKEN_TIMEOUT_MS = 10_000;
export const TOKEN_ATTEMPTS = 3;
export const CLOCK_TOLERANCE_S = 60;

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  audience?: string;
  organization?: string;
  scope: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  /**
   * For the embedded provider: the address this process itself listens on. Calls to the public
   * origin go there directly (no trip through a proxy or the internet to reach ourselves).
   */
  selfOrigin?: () => string | undefined;
  publicOrigin?: string;
  /** Per-attempt timeout of calls to the provider (SPEC.md §9: 10 s). */
  timeoutMs?: number;
}

/** What a sign-in redirect must remember until the callback. Kept in a signed httpOnly cookie. */
export interface SignInTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  maxAge?: number;
}

export class SignInError extends Error {
  readonly code: SignInErrorCode;
  readonly description?: string;
  constructor(code: SignInErrorCode, description?: string, options?: { cause?: unknown }) {
    super(description ?? code, options);
    this.name = "SignInError";
    this.code = code;
    this.description = description;
  }
}

function isHttpLocal(url: URL): boolean {
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/**
 * The embedded provider's discovery document, fetched from this process's own address: the provider
 * builds its endpoint URLs from the request's host, so they name that address. Put them back on the
 * public origin — the browser is sent to some of them (authorization, end session); the server's own
 * calls to the others (token, JWKS, userinfo) are turned back to the local address by the fetch.
 */
async function publicDiscovery(response: Response, self: string, publicOrigin: string): Promise<Response> {
  if (!response.ok) return response;
  const metadata = (await response.json()) as Record<string, unknown>;
  const toPublic = (value: unknown): unknown => {
    if (typeof value === "string" && (value === self || value.startsWith(`${self}/`))) {
      return publicOrigin + value.slice(self.length);
    }
    if (value && typeof value === "object" && !Array.isArray(value)) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPublic(v)]));
    }
    return value;
  };
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.delete("content-encoding");
  return new Response(JSON.stringify(toPublic(metadata)), { status: response.status, headers });
}

/** fetch with a 10 s timeout per attempt and up to 3 attempts on network errors (not on HTTP errors). */
function resilientFetch(settings: OidcSettings): client.CustomFetch {
  return async (url, options) => {
    let target = url;
    const self = settings.selfOrigin?.();
    const local = Boolean(self && settings.publicOrigin && url.startsWith(settings.publicOrigin));
    if (local) target = self + url.slice(settings.publicOrigin!.length);
    let lastError: unknown;
    for (let attempt = 1; attempt <= TOKEN_ATTEMPTS; attempt++) {
      try {
        const response = await fetch(target, {
          ...(options as RequestInit),
          redirect: "manual",
          signal: AbortSignal.timeout(settings.timeoutMs ?? TOKEN_TIMEOUT_MS),
        });
        return local && new URL(url).pathname.endsWith("/.well-known/openid-configuration")
          ? await publicDiscovery(response, self!, settings.publicOrigin!)
          : response;
      } catch (error) {
        lastError = error;
        if ((error as Error).name === "TimeoutError") throw new SignInError("timeout", "Timeout", { cause: error });
      }
    }
    throw new SignInError("request_error", "HTTP error. Unable to fetch the URL", { cause: lastError });
  };
}

export const BACKCHANNEL_LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout";
/** A logout token older than this (by its iat) is refused; its jti is remembered this long. */
export const LOGOUT_TOKEN_MAX_AGE_S = 10 * 60;

/** What a valid logout token names (OpenID Connect Back-Channel Logout 1.0, §2.4 and §2.6). */
export interface LogoutTarget {
  issuer: string;
  subject?: string;
  sid?: string;
  jti: string;
  /** Until when the jti must be remembered to refuse a replay. */
  rememberUntil: Date;
}

export class LogoutTokenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "LogoutTokenError";
  }
}

export class OidcClient {
  readonly settings: OidcSettings;
  private readonly log: Logger;
  private configuration: Promise<client.Configuration> | undefined;
  private jwks: ReturnType<typeof jose.createRemoteJWKSet> | undefined;

  constructor(settings: OidcSettings, log: Logger) {
    this.settings = settings;
    this.log = log;
  }

  /** Discovery, once; a failed discovery is retried on the next sign-in rather than cached. */
  config(): Promise<client.Configuration> {
    this.configuration ??= this.discover().catch((error: unknown) => {
      this.configuration = undefined;
      throw error;
    });
    return this.configuration;
  }

  private async discover(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = this.settings;
    const issuerUrl = new URL(issuer);
    const insecure = isHttpLocal(issuerUrl) || this.settings.selfOrigin !== undefined;
    const customFetch = resilientFetch(this.settings);
    const config = await client.discovery(
      issuerUrl,
      clientId,
      { id_token_signed_response_alg: "RS256", [client.clockTolerance]: CLOCK_TOLERANCE_S },
      clientSecret ? client.ClientSecretBasic(clientSecret) : client.None(),
      {
        execute: insecure ? [client.allowInsecureRequests] : [],
        [client.customFetch]: customFetch,
        timeout: Math.ceil((this.settings.timeoutMs ?? TOKEN_TIMEOUT_MS) / 1000),
      },
    );
    config[client.customFetch] = customFetch;
    // openid-client skips the signature check of an ID token that came straight from the token
    // endpoint (OIDC Core allows it over TLS); we check it anyway, with the provider's published keys.
    client.enableNonRepudiationChecks(config);
    return config;
  }

  /** Where to send the browser to sign in, and what to remember until it comes back. */
  async startSignIn(returnTo: string, options: { maxAge?: number; prompt?: string } = {}) {
    const config = await this.config();
    const transaction: SignInTransaction = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      returnTo,
      ...(options.maxAge !== undefined ? { maxAge: options.maxAge } : {}),
    };
    const parameters: Record<string, string> = {
      redirect_uri: this.settings.redirectUri,
      scope: this.settings.scope,
      response_type: "code",
      state: transaction.state,
      nonce: transaction.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(transaction.codeVerifier),
      code_challenge_method: "S256",
    };
    if (this.settings.audience) parameters.audience = this.settings.audience;
    if (this.settings.organization) parameters.organization = this.settings.organization;
    if (options.maxAge !== undefined) parameters.max_age = String(options.maxAge);
    if (options.prompt) parameters.prompt = options.prompt;
    return { url: client.buildAuthorizationUrl(config, parameters), transaction };
  }

  /**
   * Exchanges the code and validates the ID token. `currentUrl` is the callback URL as the
   * provider sent it (on the public origin).
   */
  async finishSignIn(currentUrl: URL, transaction: SignInTransaction) {
    const error = currentUrl.searchParams.get("error");
    if (error) {
      const description = currentUrl.searchParams.get("error_description")?.slice(0, 300) ?? undefined;
      if (error === "access_denied") throw new SignInError("access_denied", description);
      if (error === "login_required") throw new SignInError("login_required", description);
      throw new SignInError("login_failed", description ?? error.slice(0, 100));
    }
    if (currentUrl.searchParams.get("state") !== transaction.state) throw new SignInError("state_mismatch");
    const config = await this.config();
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
        ...(transaction.maxAge !== undefined ? { maxAge: transaction.maxAge } : {}),
      });
    } catch (error) {
      if (error instanceof SignInError) throw error;
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof SignInError) throw cause;
      this.log.warn({ err: error }, "sign-in: token exchange or ID token validation failed");
      const description = (error as { error_description?: string }).error_description;
      throw new SignInError("login_failed", description, { cause: error });
    }
    const claims = tokens.claims();
    if (!claims) throw new SignInError("login_failed", "no ID token");
    this.checkOrganization(claims);
    return { claims, idToken: tokens.id_token! };
  }

  private checkOrganization(claims: client.IDToken) {
    const expected = this.settings.organization;
    if (!expected) return;
    const matches = expected.startsWith("org_")
      ? claims.org_id === expected
      : String(claims.org_name ?? "").toLowerCase() === expected.toLowerCase();
    if (!matches) throw new SignInError("login_failed", "organization mismatch");
  }

  /**
   * Validates a back-channel logout token (Back-Channel Logout 1.0 §2.6): signature with the
   * provider's published keys (the ID token's algorithm), iss, aud = client id, iat within
   * LOGOUT_TOKEN_MAX_AGE_S and the clock tolerance, the back-channel logout event, sub and/or sid,
   * and no nonce. The caller refuses a replayed jti.
   */
  async validateLogoutToken(token: string): Promise<LogoutTarget> {
    const config = await this.config();
    const metadata = config.serverMetadata();
    if (!metadata.jwks_uri) throw new LogoutTokenError("the provider publishes no jwks_uri");
    this.jwks ??= jose.createRemoteJWKSet(new URL(metadata.jwks_uri), {
      [jose.customFetch]: config[client.customFetch] as unknown as jose.FetchImplementation,
      timeoutDuration: this.settings.timeoutMs ?? TOKEN_TIMEOUT_MS,
    });
    let payload: jose.JWTPayload;
    try {
      ({ payload } = await jose.jwtVerify(token, this.jwks, {
        issuer: metadata.issuer,
        audience: this.settings.clientId,
        algorithms: ["RS256"],
        clockTolerance: CLOCK_TOLERANCE_S,
        maxTokenAge: LOGOUT_TOKEN_MAX_AGE_S,
        requiredClaims: ["iat", "jti", "events"],
      }));
    } catch (error) {
      throw new LogoutTokenError(`logout token rejected: ${(error as Error).message}`, { cause: error });
    }
    const events = payload.events as Record<string, unknown> | undefined;
    const event = events && typeof events === "object" ? events[BACKCHANNEL_LOGOUT_EVENT] : undefined;
    if (!event || typeof event !== "object" || Array.isArray(event)) {
      throw new LogoutTokenError("logout token without the back-channel logout event");
    }
    if ("nonce" in payload) throw new LogoutTokenError("logout token with a nonce");
    const subject = typeof payload.sub === "string" && payload.sub ? payload.sub : undefined;
    const sid = typeof payload.sid === "string" && payload.sid ? payload.sid : undefined;
    if (!subject && !sid) throw new LogoutTokenError("logout token with neither sub nor sid");
    if (typeof payload.jti !== "string" || !payload.jti) throw new LogoutTokenError("logout token without a jti");
    const iat = payload.iat!;
    const until = Math.max(
      typeof payload.exp === "number" ? payload.exp : 0,
      iat + LOGOUT_TOKEN_MAX_AGE_S + CLOCK_TOLERANCE_S,
    );
    return {
      issuer: metadata.issuer,
      ...(subject ? { subject } : {}),
      ...(sid ? { sid } : {}),
      jti: payload.jti,
      rememberUntil: new Date((until + CLOCK_TOLERANCE_S) * 1000),
    };
  }

  /**
   * Where to send the browser after local logout: the provider's end-session endpoint, Auth0's
   * /v2/logout when the provider has none, or else straight back to the site.
   */
  async endSessionUrl(idToken: string | null): Promise<string> {
    const back = this.settings.postLogoutRedirectUri;
    let config: client.Configuration;
    try {
      config = await this.config();
    } catch {
      return back;
    }
    return logoutUrl(config.serverMetadata(), this.settings, idToken);
  }
}

/**
 * The provider's end-session URL (with id_token_hint), Auth0's /v2/logout?client_id&returnTo when
 * the provider publishes none, or else the site itself.
 */
export function logoutUrl(
  metadata: Pick<client.ServerMetadata, "issuer" | "end_session_endpoint">,
  settings: Pick<OidcSettings, "clientId" | "postLogoutRedirectUri">,
  idToken: string | null,
): string {
  const back = settings.postLogoutRedirectUri;
  if (metadata.end_session_endpoint) {
    const url = new URL(metadata.end_session_endpoint);
    url.searchParams.set("post_logout_redirect_uri", back);
    url.searchParams.set("client_id", settings.clientId);
    if (idToken) url.searchParams.set("id_token_hint", idToken);
    return url.href;
  }
  const issuer = new URL(metadata.issuer);
  if (issuer.hostname.endsWith(".auth0.com")) {
    const url = new URL("/v2/logout", issuer);
    url.searchParams.set("client_id", settings.clientId);
    url.searchParams.set("returnTo", back);
    return url.href;
  }
  return back;
}
