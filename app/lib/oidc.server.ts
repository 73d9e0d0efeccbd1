import * as jose from "jose";
import * as client from "openid-client";
import type { Logger } from "./logger.server";
import { CONFIGURABLE_ID_TOKEN_ALGS, isHmacAlg, SAFE_ID_TOKEN_ALGS, type SignInErrorCode } from "./oidc.types";

/**
 * The relying party: Lomda signing people in at an OpenID provider (openid-client), as the
 * library's own examples do it. Discovery once, memoised; a fresh PKCE verifier, state and nonce
 * for every redirect; every ID token check the library offers (docs/product.md#rules), plus organization.
 */

export const TOKEN_TIMEOUT_MS = 10_000;
export const TOKEN_ATTEMPTS = 3;
export const CLOCK_TOLERANCE_S = 60;

export type TokenAuthMethod = "client_secret_basic" | "client_secret_post";

/** The token endpoint authentication: as configured, else basic when advertised (or nothing is), else post. */
export function chooseTokenAuthMethod(supported: readonly string[] | undefined, configured?: TokenAuthMethod) {
  if (configured) return configured;
  if (!supported || supported.length === 0 || supported.includes("client_secret_basic")) return "client_secret_basic";
  return supported.includes("client_secret_post") ? "client_secret_post" : "client_secret_basic";
}

/**
 * The ID-token algorithms to accept: those the provider advertises within the allow-list (the
 * configured one, else SAFE_ID_TOKEN_ALGS); RS256 when it advertises none. "none" never; HS* only
 * when configured (the default list has none).
 */
export function chooseIdTokenAlgs(advertised: readonly string[] | undefined, configured?: readonly string[]) {
  const known: readonly string[] = CONFIGURABLE_ID_TOKEN_ALGS;
  const allowed = (configured ?? SAFE_ID_TOKEN_ALGS).filter((alg) => known.includes(alg));
  if (!advertised || advertised.length === 0) return allowed.includes("RS256") || !configured ? ["RS256"] : allowed;
  return allowed.filter((alg) => advertised.includes(alg));
}

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
  /** Per-attempt timeout of calls to the provider (docs/product.md#numbers-the-product-keeps: 10 s). */
  timeoutMs?: number;
  /** OIDC_TOKEN_AUTH_METHOD; by default chosen from the provider's discovery document. */
  tokenAuthMethod?: TokenAuthMethod;
  /** OIDC_ID_TOKEN_ALGS: the allow-list of ID-token algorithms (default SAFE_ID_TOKEN_ALGS). */
  idTokenAlgs?: readonly string[];
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

/**
 * Whether a token endpoint error is the provider refusing the client (`invalid_client`): in the JSON
 * body (openid-client's ResponseBodyError), or beside a 401's WWW-Authenticate challenge, whose
 * parameters or unread body say it (LemonLDAP::NG answers `WWW-Authenticate: Basic` and the body).
 */
export async function refusedAsInvalidClient(error: unknown): Promise<boolean> {
  const e = error as {
    code?: string;
    error?: string;
    status?: number;
    cause?: unknown;
    response?: Response;
  };
  if (!e || typeof e !== "object") return false;
  if (e.code === "OAUTH_RESPONSE_BODY_ERROR") return e.error === "invalid_client";
  if (e.code !== "OAUTH_WWW_AUTHENTICATE_CHALLENGE" || e.status !== 401) return false;
  const challenges = Array.isArray(e.cause) ? (e.cause as { parameters?: { error?: string } }[]) : [];
  if (challenges.some((c) => c.parameters?.error === "invalid_client")) return true;
  if (!(e.response instanceof Response) || e.response.bodyUsed) return false;
  try {
    const body = (await e.response.clone().json()) as { error?: unknown };
    return body.error === "invalid_client";
  } catch {
    return false;
  }
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
  /** The ID-token algorithms accepted, as chosen at discovery. */
  private idTokenAlgs: string[] = ["RS256"];
  /** The token endpoint authentication in use: chosen at discovery, switched once to post (see postInstead). */
  private tokenAuthMethod: TokenAuthMethod | "none" = "none";

  constructor(settings: OidcSettings, log: Logger) {
    this.settings = settings;
    this.log = log;
  }

  /** The provider's issuer identifier, from discovery. */
  async issuer(): Promise<string> {
    return (await this.config()).serverMetadata().issuer;
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
    const timeout = Math.ceil((this.settings.timeoutMs ?? TOKEN_TIMEOUT_MS) / 1000);
    const discovered = await client.discovery(issuerUrl, clientId, undefined, client.None(), {
      execute: insecure ? [client.allowInsecureRequests] : [],
      [client.customFetch]: customFetch,
      timeout,
    });
    const metadata = discovered.serverMetadata();
    const algs = chooseIdTokenAlgs(metadata.id_token_signing_alg_values_supported, this.settings.idTokenAlgs);
    if (algs.length === 0) {
      this.log.error(
        {
          advertised: metadata.id_token_signing_alg_values_supported,
          allowed: this.settings.idTokenAlgs ?? SAFE_ID_TOKEN_ALGS,
        },
        "sign-in: the provider signs ID tokens with no algorithm Lomda accepts (set OIDC_ID_TOKEN_ALGS or change the provider)",
      );
      throw new SignInError("bad_algorithm", "no acceptable ID token algorithm");
    }
    const method = chooseTokenAuthMethod(metadata.token_endpoint_auth_methods_supported, this.settings.tokenAuthMethod);
    this.idTokenAlgs = algs;
    this.tokenAuthMethod = clientSecret ? method : "none";
    const config = this.buildConfiguration(metadata, this.tokenAuthMethod, { insecure, customFetch, timeout });
    this.log.info({ issuer, tokenAuthMethod: this.tokenAuthMethod, idTokenAlgs: algs }, "sign-in: provider discovered");
    return config;
  }

  /** The library's configuration for the discovered metadata and one token endpoint authentication. */
  private buildConfiguration(
    metadata: client.ServerMetadata,
    method: TokenAuthMethod | "none",
    options: { insecure: boolean; customFetch: client.CustomFetch; timeout: number },
  ): client.Configuration {
    const { clientId, clientSecret } = this.settings;
    const auth =
      method === "none" || !clientSecret
        ? client.None()
        : method === "client_secret_post"
          ? client.ClientSecretPost(clientSecret)
          : client.ClientSecretBasic(clientSecret);
    const config = new client.Configuration(
      metadata,
      clientId,
      // An array works here (oauth4webapi accepts a list); the type names a single algorithm.
      {
        id_token_signed_response_alg: this.idTokenAlgs as unknown as string,
        [client.clockTolerance]: CLOCK_TOLERANCE_S,
      },
      auth,
    );
    if (options.insecure) client.allowInsecureRequests(config);
    config[client.customFetch] = options.customFetch;
    config.timeout = options.timeout;
    // openid-client skips the signature check of an ID token that came straight from the token
    // endpoint (OIDC Core allows it over TLS); we check it anyway, with the provider's published keys.
    // The library's check refuses HS*, so with HS* configured, verifyIdTokenSignature does it instead.
    if (!this.idTokenAlgs.some(isHmacAlg)) client.enableNonRepudiationChecks(config);
    return config;
  }

  /**
   * The configuration to retry a refused token request with, or undefined: when Lomda chose Basic
   * by itself (OIDC_TOKEN_AUTH_METHOD unset), the provider answered `invalid_client`, and its
   * discovery lists client_secret_post. Some providers list Basic yet cannot read it: LemonLDAP::NG
   * 2.16 cuts the header at the first "+", "/" or "=" of the base64 and never form-decodes the id and
   * secret (docs/decisions/0057). The switch is remembered by this process once post has worked.
   */
  private async postInstead(config: client.Configuration, error: unknown): Promise<client.Configuration | undefined> {
    const metadata = config.serverMetadata();
    if (this.settings.tokenAuthMethod || !this.settings.clientSecret) return undefined;
    if (!metadata.token_endpoint_auth_methods_supported?.includes("client_secret_post")) return undefined;
    if (!(await refusedAsInvalidClient(error))) return undefined;
    if (this.tokenAuthMethod === "client_secret_post") {
      // Another sign-in switched while this one was on its way with Basic: retry with what it found.
      // A request that went with post already is not retried.
      const current = await this.config();
      return current === config ? undefined : current;
    }
    if (this.tokenAuthMethod !== "client_secret_basic") return undefined;
    return this.buildConfiguration(metadata, "client_secret_post", {
      insecure: isHttpLocal(new URL(this.settings.issuer)) || this.settings.selfOrigin !== undefined,
      customFetch: config[client.customFetch]!,
      timeout: config.timeout ?? Math.ceil((this.settings.timeoutMs ?? TOKEN_TIMEOUT_MS) / 1000),
    });
  }

  /** Makes the post configuration this process's own after it worked, and says so once. */
  private rememberPost(config: client.Configuration) {
    if (this.tokenAuthMethod === "client_secret_post") return;
    this.tokenAuthMethod = "client_secret_post";
    this.configuration = Promise.resolve(config);
    this.log.warn(
      { issuer: this.settings.issuer, tokenAuthMethod: "client_secret_post" },
      "sign-in: the provider refused the client secret in the Basic header (invalid_client) but took it in the request body: using client_secret_post from now on in this process (set OIDC_TOKEN_AUTH_METHOD=client_secret_post to skip the first refusal after each start)",
    );
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
    // The state first: nothing from a callback that this browser's sign-in did not start is shown.
    if (currentUrl.searchParams.get("state") !== transaction.state) throw new SignInError("state_mismatch");
    const error = currentUrl.searchParams.get("error");
    if (error) {
      const description = currentUrl.searchParams.get("error_description")?.slice(0, 300) ?? undefined;
      if (error === "access_denied") throw new SignInError("access_denied", description);
      if (error === "login_required") throw new SignInError("login_required", description);
      throw new SignInError("login_failed", description ?? error.slice(0, 100));
    }
    let config = await this.config();
    const grant = (using: client.Configuration) =>
      client.authorizationCodeGrant(using, currentUrl, {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        idTokenExpected: true,
        ...(transaction.maxAge !== undefined ? { maxAge: transaction.maxAge } : {}),
      });
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await grant(config);
    } catch (error) {
      // A refused client authentication leaves the code unused (RFC 6749 §5.2), so one retry may spend it.
      const post = await this.postInstead(config, error);
      if (!post) throw this.explain(error, "token exchange or ID token validation");
      try {
        tokens = await grant(post);
      } catch (retryError) {
        throw this.explain(retryError, "token exchange or ID token validation (client_secret_post after Basic)");
      }
      this.rememberPost(post);
      config = post;
    }
    const idClaims = tokens.claims();
    if (!idClaims) throw new SignInError("missing_claim", "no ID token");
    if (this.idTokenAlgs.some(isHmacAlg)) await this.verifyIdTokenSignature(config, tokens.id_token!);
    this.checkOrganization(idClaims);
    const claims = await this.withUserInfo(config, idClaims, tokens.access_token);
    return { claims };
  }

  /**
   * The ID token's claims, completed from UserInfo when the provider has one: what the ID token
   * says wins; UserInfo fills the gaps (name, email, email_verified…). Its `sub` must be the ID token's.
   */
  private async withUserInfo(config: client.Configuration, idClaims: client.IDToken, accessToken: string) {
    if (!config.serverMetadata().userinfo_endpoint || !accessToken) return idClaims;
    let info: client.UserInfoResponse;
    try {
      info = await client.fetchUserInfo(config, accessToken, client.skipSubjectCheck);
    } catch (error) {
      throw this.explain(error, "UserInfo request");
    }
    if (info.sub !== idClaims.sub) {
      this.log.warn(
        { idTokenSub: idClaims.sub, userInfoSub: info.sub },
        "sign-in: UserInfo answered for another subject than the ID token (sub mismatch): refused",
      );
      throw new SignInError("userinfo_mismatch");
    }
    const merged: Record<string, unknown> = { ...idClaims };
    for (const [key, value] of Object.entries(info)) if (merged[key] === undefined) merged[key] = value;
    return merged as client.IDToken;
  }

  /** A failure from the library, as a SignInError with its own code, and a precise line for the owner. */
  private explain(error: unknown, step: string): SignInError {
    if (error instanceof SignInError) return error;
    const cause = (error as { cause?: unknown }).cause;
    if (cause instanceof SignInError) return cause;
    const e = error as { code?: string; status?: number; error?: string; error_description?: string };
    // openid-client wraps oauth4webapi's errors: the precise message, code and details are further in.
    const chain: { message?: string; code?: string; cause?: unknown }[] = [];
    for (let c: unknown = error; c && typeof c === "object" && chain.length < 4; c = (c as { cause?: unknown }).cause)
      chain.push(c as { message?: string; code?: string; cause?: unknown });
    const message = chain.map((c) => c.message ?? "").join(" | ");
    const code = chain.map((c) => c.code).find((c) => c && c !== "OAUTH_INVALID_RESPONSE") ?? e.code;
    const details = ([...chain].reverse().find((c) => c.code === code)?.cause ?? chain.at(-1) ?? {}) as {
      claim?: string;
      claims?: Record<string, unknown>;
      now?: number;
      alg?: string;
      header?: { alg?: string };
    };
    if (e.status === 401 || e.error === "invalid_client") {
      this.log.warn(
        { step, status: e.status, error: e.error },
        `sign-in: the provider refused the client credentials (check OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_TOKEN_AUTH_METHOD: ${this.settings.tokenAuthMethod ?? "from discovery"})`,
      );
      return new SignInError("secret_refused", undefined, { cause: error });
    }
    if (/"alg"|JWS algorithm|JWS "alg"/.test(message)) {
      const alg = details.header?.alg ?? details.alg;
      this.log.warn({ step, alg }, `sign-in: ID token signed with an algorithm Lomda does not accept (${String(alg)})`);
      return new SignInError("bad_algorithm", undefined, { cause: error });
    }
    if (code === "OAUTH_JWT_TIMESTAMP_CHECK_FAILED" && details.claim !== "auth_time") {
      const now = details.now ?? Math.floor(Date.now() / 1000);
      const iat = details.claims?.iat;
      const at = typeof iat === "number" ? iat : Number(details.claims?.[details.claim ?? "exp"] ?? now);
      const minutes = Math.max(1, Math.round(Math.abs(now - at) / 60));
      this.log.warn(
        { step, claim: details.claim, minutes },
        `sign-in: ID token "${details.claim}" outside the ${CLOCK_TOLERANCE_S} s leeway: the provider's clock seems off by about ${minutes} minutes`,
      );
      return new SignInError("clock_skew", String(minutes), { cause: error });
    }
    const missing = /JWT "(\w+)" .*claim missing/.exec(message);
    if (missing) {
      this.log.warn({ step, claim: missing[1] }, `sign-in: the ID token lacks the required "${missing[1]}" claim`);
      return new SignInError("missing_claim", missing[1], { cause: error });
    }
    this.log.warn({ step, reason: message, code }, `sign-in: ${step} failed: ${chain.at(-1)?.message ?? "unknown"}`);
    return new SignInError("login_failed", e.error_description, { cause: error });
  }

  private checkOrganization(claims: client.IDToken) {
    const expected = this.settings.organization;
    if (!expected) return;
    const matches = expected.startsWith("org_")
      ? claims.org_id === expected
      : String(claims.org_name ?? "").toLowerCase() === expected.toLowerCase();
    if (!matches) {
      this.log.warn({ expected }, "sign-in: the ID token's organization (org_id/org_name) is not the configured one");
      throw new SignInError("login_failed", "organization mismatch");
    }
  }

  /**
   * The key for a JWT from the provider: the client secret for HS* (only ever in the list when
   * configured), else the provider's published key named by the header.
   */
  private verificationKey(config: client.Configuration): jose.JWTVerifyGetKey {
    return async (header, token) => {
      if (isHmacAlg(header.alg)) {
        if (!this.settings.clientSecret) throw new Error(`${header.alg} needs a client secret`);
        return new TextEncoder().encode(this.settings.clientSecret);
      }
      const jwksUri = config.serverMetadata().jwks_uri;
      if (!jwksUri) throw new Error("the provider publishes no jwks_uri");
      this.jwks ??= jose.createRemoteJWKSet(new URL(jwksUri), {
        [jose.customFetch]: config[client.customFetch] as unknown as jose.FetchImplementation,
        timeoutDuration: this.settings.timeoutMs ?? TOKEN_TIMEOUT_MS,
      });
      return this.jwks(header, token);
    };
  }

  /**
   * With HS* configured, the ID token's signature is checked here (openid-client has checked its
   * claims already): HS* with the client secret, anything else with the provider's keys.
   */
  private async verifyIdTokenSignature(config: client.Configuration, idToken: string): Promise<void> {
    try {
      await jose.compactVerify(idToken, this.verificationKey(config), { algorithms: this.idTokenAlgs });
    } catch (error) {
      this.log.warn(
        { alg: jose.decodeProtectedHeader(idToken).alg, reason: (error as Error).message },
        "sign-in: the ID token's signature does not verify (for HS*: is OIDC_CLIENT_SECRET the provider's?)",
      );
      throw new SignInError("login_failed", "ID token signature invalid", { cause: error });
    }
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
    if (!metadata.jwks_uri && !this.idTokenAlgs.some(isHmacAlg))
      throw new LogoutTokenError("the provider publishes no jwks_uri");
    let payload: jose.JWTPayload;
    try {
      ({ payload } = await jose.jwtVerify(token, this.verificationKey(config), {
        issuer: metadata.issuer,
        audience: this.settings.clientId,
        // A logout token is signed as the ID tokens are (Back-Channel Logout 1.0 §2.4).
        algorithms: this.idTokenAlgs,
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
  async endSessionUrl(): Promise<string> {
    const back = this.settings.postLogoutRedirectUri;
    let config: client.Configuration;
    try {
      config = await this.config();
    } catch {
      return back;
    }
    return logoutUrl(config.serverMetadata(), this.settings);
  }
}

/**
 * The provider's end-session URL, Auth0's /v2/logout?client_id&returnTo when the provider publishes
 * none, or else the site itself. It names the client (client_id), never the person's ID token
 * (id_token_hint): a URL ends up in the browser's history, the provider's access log and any proxy's,
 * and an ID token there would be a signed statement of who the learner is (issue 29). RP-Initiated
 * Logout 1.0 §2 lets client_id stand in for it; a provider may then ask the person to confirm.
 */
export function logoutUrl(
  metadata: Pick<client.ServerMetadata, "issuer" | "end_session_endpoint">,
  settings: Pick<OidcSettings, "clientId" | "postLogoutRedirectUri">,
): string {
  const back = settings.postLogoutRedirectUri;
  if (metadata.end_session_endpoint) {
    const url = new URL(metadata.end_session_endpoint);
    url.searchParams.set("post_logout_redirect_uri", back);
    url.searchParams.set("client_id", settings.clientId);
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
