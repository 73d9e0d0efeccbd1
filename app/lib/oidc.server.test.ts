import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCraftedOp } from "../../tests/support/crafted-op.ts";
import { createLogger } from "./logger.server";
import { logoutUrl, OidcClient, SignInError, type OidcSettings } from "./oidc.server";

const CLIENT_ID = "lomda";
const SECRET = "a-client-secret-of-reasonable-length-123456";

describe("ID token validation (SPEC.md §5): each rule refuses a bad token", () => {
  let op: Awaited<ReturnType<typeof startCraftedOp>>;
  const log = createLogger("silent");
  const client = (extra: Partial<OidcSettings> = {}) =>
    new OidcClient(
      {
        issuer: op.issuer,
        clientId: CLIENT_ID,
        clientSecret: SECRET,
        scope: "openid email profile",
        redirectUri: "http://lomda.test/auth/callback",
        postLogoutRedirectUri: "http://lomda.test/",
        ...extra,
      },
      log,
    );

  beforeAll(async () => {
    op = await startCraftedOp(CLIENT_ID, SECRET);
  });
  afterAll(() => op.close());

  /** Runs a whole sign-in in which the provider returns the given token. */
  async function signInWith(
    token: Parameters<typeof op.willIssue>[0],
    options: { maxAge?: number; settings?: Partial<OidcSettings> } = {},
  ) {
    const oidc = client(options.settings);
    const { url, transaction } = await oidc.startSignIn(
      "/",
      options.maxAge !== undefined ? { maxAge: options.maxAge } : {},
    );
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    op.willIssue(token, transaction.nonce);
    return oidc.finishSignIn(
      new URL(`http://lomda.test/auth/callback?code=abc&state=${transaction.state}`),
      transaction,
    );
  }

  const refused = async (promise: Promise<unknown>, code = "login_failed") => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SignInError);
    expect((error as SignInError).code).toBe(code);
  };

  const now = () => Math.floor(Date.now() / 1000);

  it("accepts a well-formed token (the baseline every negative case changes one thing of)", async () => {
    const { claims } = await signInWith({});
    expect(claims.sub).toBe("user-1");
    expect(claims.email).toBe("u1@example.org");
  });

  it("tolerates 60 s of clock skew on exp, not more", async () => {
    await expect(signInWith({ claims: { exp: now() - 30, iat: now() - 400 } })).resolves.toBeDefined();
    await refused(signInWith({ claims: { exp: now() - 120, iat: now() - 400 } }));
  });

  it("refuses a token whose nbf is in the future", async () => {
    await refused(signInWith({ claims: { nbf: now() + 600 } }));
  });

  it("refuses a wrong issuer", async () => {
    await refused(signInWith({ claims: { iss: "https://evil.example" } }));
  });

  it("refuses a wrong audience", async () => {
    await refused(signInWith({ claims: { aud: "someone-else" } }));
  });

  it("with several audiences, requires azp = client id", async () => {
    await refused(signInWith({ claims: { aud: [CLIENT_ID, "other-api"] } }));
    await refused(signInWith({ claims: { aud: [CLIENT_ID, "other-api"], azp: "other-api" } }));
    await expect(signInWith({ claims: { aud: [CLIENT_ID, "other-api"], azp: CLIENT_ID } })).resolves.toBeDefined();
  });

  it("refuses a nonce that is not the one sent", async () => {
    await refused(signInWith({ claims: { nonce: "not-the-nonce" } }));
  });

  it("refuses alg none and HS256 (only RS256 with the provider's keys)", async () => {
    await refused(signInWith({ signing: "none" }));
    await refused(signInWith({ signing: "hs256" }));
  });

  it("refuses a token signed by another key", async () => {
    await refused(signInWith({ signing: "foreign" }));
  });

  it("refuses a token without a subject", async () => {
    await refused(signInWith({ claims: { sub: undefined } }));
  });

  it("requires auth_time when max_age was sent", async () => {
    await refused(signInWith({}, { maxAge: 300 }));
    await expect(signInWith({ claims: { auth_time: now() - 10 } }, { maxAge: 300 })).resolves.toBeDefined();
  });

  it("requires exp and iat to be numbers", async () => {
    await refused(signInWith({ claims: { exp: "tomorrow" } }));
    await refused(signInWith({ claims: { iat: "now" } }));
  });

  it("checks the organization when one is configured", async () => {
    const settings = { organization: "org_abc123" };
    await refused(signInWith({ claims: { org_id: "org_other" } }, { settings }));
    await refused(signInWith({}, { settings }));
    await expect(signInWith({ claims: { org_id: "org_abc123" } }, { settings })).resolves.toBeDefined();
    await expect(
      signInWith({ claims: { org_name: "lomda" } }, { settings: { organization: "Lomda" } }),
    ).resolves.toBeDefined();
  });

  it("refuses a state that is not the one sent, before calling the token endpoint", async () => {
    const oidc = client();
    const { transaction } = await oidc.startSignIn("/");
    const before = op.tokenRequests;
    await refused(
      oidc.finishSignIn(new URL("http://lomda.test/auth/callback?code=abc&state=forged"), transaction),
      "state_mismatch",
    );
    expect(op.tokenRequests).toBe(before);
  });

  it("maps the provider's errors: access_denied, login_required, others as login_failed with the description", async () => {
    const oidc = client();
    const { transaction } = await oidc.startSignIn("/");
    const cb = (q: string) => new URL(`http://lomda.test/auth/callback?${q}&state=${transaction.state}`);
    await refused(oidc.finishSignIn(cb("error=access_denied"), transaction), "access_denied");
    await refused(oidc.finishSignIn(cb("error=login_required"), transaction), "login_required");
    const other = await oidc
      .finishSignIn(cb("error=server_error&error_description=boom"), transaction)
      .catch((e: SignInError) => e);
    expect(other).toMatchObject({ code: "login_failed", description: "boom" });
  });

  it("retries the token request 3 times on network errors, then reports request_error", async () => {
    op.tokenEndpoint("reset");
    try {
      const oidc = client();
      await oidc.config(); // discovery works; only the token endpoint fails
      const before = op.tokenRequests;
      await refused(signInWith({}), "request_error");
      expect(op.tokenRequests - before).toBe(3);
    } finally {
      op.tokenEndpoint("answer");
    }
  });

  it("gives up on a token request that hangs (timeout)", async () => {
    op.tokenEndpoint("hang");
    try {
      await refused(signInWith({}, { settings: { timeoutMs: 300 } }), "timeout");
    } finally {
      op.tokenEndpoint("answer");
    }
  });

  it("logs out at the provider's end-session endpoint with the id_token_hint", async () => {
    const url = new URL(await client().endSessionUrl("the-id-token"));
    expect(url.origin + url.pathname).toBe(`${op.issuer}/logout`);
    expect(url.searchParams.get("id_token_hint")).toBe("the-id-token");
    expect(url.searchParams.get("post_logout_redirect_uri")).toBe("http://lomda.test/");
  });
});

describe("logout at the provider", () => {
  const settings = { clientId: "lomda", postLogoutRedirectUri: "https://lomda.example/" };

  it("uses Auth0's /v2/logout with client_id and returnTo when the provider has no end-session endpoint", () => {
    const url = new URL(logoutUrl({ issuer: "https://tenant.eu.auth0.com/" }, settings, "tok"));
    expect(url.origin + url.pathname).toBe("https://tenant.eu.auth0.com/v2/logout");
    expect(url.searchParams.get("client_id")).toBe("lomda");
    expect(url.searchParams.get("returnTo")).toBe("https://lomda.example/");
  });

  it("returns straight to the site when the provider offers neither", () => {
    expect(logoutUrl({ issuer: "https://accounts.example" }, settings, null)).toBe("https://lomda.example/");
  });
});
