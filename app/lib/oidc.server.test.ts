import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCraftedOp, type CraftedOptions, type CraftedToken } from "../../tests/support/crafted-op.ts";
import { createLogger } from "./logger.server";
import { chooseTokenAuthMethod, logoutUrl, OidcClient, SignInError, type OidcSettings } from "./oidc.server";

const CLIENT_ID = "lomda";
const SECRET = "a-client-secret-of-reasonable-length-123456";

describe("ID token validation (docs/product.md#rules): each rule refuses a bad token", () => {
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
    await refused(signInWith({ claims: { exp: now() - 120, iat: now() - 400 } }), "clock_skew");
  });

  it("refuses a token whose nbf is in the future", async () => {
    await refused(signInWith({ claims: { nbf: now() + 600 } }), "clock_skew");
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

  it("refuses alg none and HS256 (only RS256 with the provider's keys), as a bad algorithm", async () => {
    await refused(signInWith({ signing: "none" }), "bad_algorithm");
    await refused(signInWith({ signing: "hs256" }), "bad_algorithm");
    // ES256 is in the allow-list, but this provider does not advertise it: refused too.
    await refused(signInWith({ signing: "es256" }), "bad_algorithm");
  });

  it("refuses a token signed by another key", async () => {
    await refused(signInWith({ signing: "foreign" }));
  });

  it("refuses a token without a subject", async () => {
    await refused(signInWith({ claims: { sub: undefined } }), "missing_claim");
  });

  it("requires auth_time when max_age was sent", async () => {
    await refused(signInWith({}, { maxAge: 300 }), "missing_claim");
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

  it("checks the state before anything else: a forged error callback is never shown", async () => {
    const oidc = client();
    const { transaction } = await oidc.startSignIn("/");
    const forged = await oidc
      .finishSignIn(
        new URL("http://lomda.test/auth/callback?error=server_error&error_description=Call+0800+now&state=forged"),
        transaction,
      )
      .catch((e: SignInError) => e);
    expect(forged).toBeInstanceOf(SignInError);
    expect(forged).toMatchObject({ code: "state_mismatch", description: undefined });

    const noState = await oidc
      .finishSignIn(new URL("http://lomda.test/auth/callback?error=access_denied&error_description=x"), transaction)
      .catch((e: SignInError) => e);
    expect(noState).toMatchObject({ code: "state_mismatch" });
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

  it("logs out at the provider's end-session endpoint naming the client, never with the ID token in the URL", async () => {
    const url = new URL(await client().endSessionUrl());
    expect(url.origin + url.pathname).toBe(`${op.issuer}/logout`);
    expect(url.searchParams.get("client_id")).toBe(CLIENT_ID);
    expect(url.searchParams.get("post_logout_redirect_uri")).toBe("http://lomda.test/");
    expect(url.searchParams.has("id_token_hint")).toBe(false);
    expect(url.href).not.toMatch(/eyJ/);
  });
});

describe("logout at the provider", () => {
  const settings = { clientId: "lomda", postLogoutRedirectUri: "https://lomda.example/" };

  it("uses Auth0's /v2/logout with client_id and returnTo when the provider has no end-session endpoint", () => {
    const url = new URL(logoutUrl({ issuer: "https://tenant.eu.auth0.com/" }, settings));
    expect(url.origin + url.pathname).toBe("https://tenant.eu.auth0.com/v2/logout");
    expect(url.searchParams.get("client_id")).toBe("lomda");
    expect(url.searchParams.get("returnTo")).toBe("https://lomda.example/");
  });

  it("returns straight to the site when the provider offers neither", () => {
    expect(logoutUrl({ issuer: "https://accounts.example" }, settings)).toBe("https://lomda.example/");
  });
});

describe("any standard provider: auth method, UserInfo, algorithms, clock skew (issue 13)", () => {
  const ops: Awaited<ReturnType<typeof startCraftedOp>>[] = [];
  afterAll(() => ops.forEach((op) => op.close()));
  const RESERVED = "s3cr+t/with=reserved~chars-and more";

  async function provider(options: CraftedOptions, secret = SECRET) {
    const op = await startCraftedOp(CLIENT_ID, secret, options);
    ops.push(op);
    return op;
  }

  const client = (
    op: Awaited<ReturnType<typeof startCraftedOp>>,
    settings: Partial<OidcSettings> = {},
    log = createLogger("silent"),
  ) =>
    new OidcClient(
      {
        issuer: op.issuer,
        clientId: CLIENT_ID,
        clientSecret: SECRET,
        scope: "openid email profile",
        redirectUri: "http://lomda.test/auth/callback",
        postLogoutRedirectUri: "http://lomda.test/",
        ...settings,
      },
      log,
    );

  async function signIn(
    op: Awaited<ReturnType<typeof startCraftedOp>>,
    token: CraftedToken,
    settings: Partial<OidcSettings> = {},
  ) {
    return signInWith(client(op, settings), op, token);
  }

  async function signInWith(oidc: OidcClient, op: Awaited<ReturnType<typeof startCraftedOp>>, token: CraftedToken) {
    const { transaction } = await oidc.startSignIn("/");
    op.willIssue(token, transaction.nonce);
    return oidc.finishSignIn(
      new URL(`http://lomda.test/auth/callback?code=abc&state=${transaction.state}`),
      transaction,
    );
  }

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error("expected the sign-in to fail");
      },
      (e: unknown) => e as SignInError,
    );

  it("chooses the token auth method: configured, else basic when advertised (or nothing is), else post", () => {
    expect(chooseTokenAuthMethod(undefined)).toBe("client_secret_basic");
    expect(chooseTokenAuthMethod(["client_secret_post", "client_secret_basic"])).toBe("client_secret_basic");
    expect(chooseTokenAuthMethod(["client_secret_post", "private_key_jwt"])).toBe("client_secret_post");
    expect(chooseTokenAuthMethod(["client_secret_basic"], "client_secret_post")).toBe("client_secret_post");
  });

  it("a provider requiring client_secret_post gets the secret (reserved characters and all) in the body", async () => {
    const op = await provider({ authMethods: ["client_secret_post"], decodesBasic: false }, RESERVED);
    const { claims } = await signIn(op, {}, { clientSecret: RESERVED });
    expect(claims.sub).toBe("user-1");
    expect(op.lastAuth).toBe("client_secret_post");
  });

  it("a provider that lists Basic but does not decode it: retried once with post, remembered, said once (issue 35)", async () => {
    for (const refusal of ["body", "challenge"] as const) {
      const op = await provider({ decodesBasic: false, refusal }, RESERVED);
      const lines: { level: number; msg: string }[] = [];
      const sink = new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      });
      const oidc = client(op, { clientSecret: RESERVED }, createLogger("info", sink));
      await signInWith(oidc, op, {});
      expect(op.authAttempts, refusal).toEqual(["client_secret_basic", "client_secret_post"]);
      expect(op.lastAuth).toBe("client_secret_post");
      await signInWith(oidc, op, {});
      expect(op.authAttempts, refusal).toEqual(["client_secret_basic", "client_secret_post", "client_secret_post"]);
      const said = lines.filter((l) => l.msg.includes("using client_secret_post from now on"));
      expect(said.map((l) => l.level)).toEqual([40]);
    }
  });

  it("once on post, a refused request is not retried (the secret changed at the provider: secret_refused)", async () => {
    const op = await provider({ decodesBasic: false }, RESERVED);
    const oidc = client(op, { clientSecret: RESERVED });
    await signInWith(oidc, op, {});
    op.rotateSecret("a-new-secret-the-owner-has-not-set-yet");
    expect((await failure(signInWith(oidc, op, {}))).code).toBe("secret_refused");
    expect(op.authAttempts).toEqual(["client_secret_basic", "client_secret_post", "client_secret_post"]);
  });

  it("no retry with post when OIDC_TOKEN_AUTH_METHOD says Basic, or the provider does not list post", async () => {
    const configured = await provider({ decodesBasic: false }, RESERVED);
    const refused = await failure(
      signIn(configured, {}, { clientSecret: RESERVED, tokenAuthMethod: "client_secret_basic" }),
    );
    expect(refused.code).toBe("secret_refused");
    expect(configured.authAttempts).toEqual(["client_secret_basic"]);
    const basicOnly = await provider({ decodesBasic: false, authMethods: ["client_secret_basic"] }, RESERVED);
    expect((await failure(signIn(basicOnly, {}, { clientSecret: RESERVED }))).code).toBe("secret_refused");
    expect(basicOnly.authAttempts).toEqual(["client_secret_basic"]);
    await expect(
      signIn(configured, {}, { clientSecret: RESERVED, tokenAuthMethod: "client_secret_post" }),
    ).resolves.toBeDefined();
    expect(configured.lastAuth).toBe("client_secret_post");
  });

  it("a secret refused both ways is secret_refused, and Basic stays the choice (nothing remembered)", async () => {
    const op = await provider({});
    const oidc = client(op, { clientSecret: "wrong" });
    expect((await failure(signInWith(oidc, op, {}))).code).toBe("secret_refused");
    expect((await failure(signInWith(oidc, op, {}))).code).toBe("secret_refused");
    expect(op.authAttempts).toEqual([
      "client_secret_basic",
      "client_secret_post",
      "client_secret_basic",
      "client_secret_post",
    ]);
  });

  it("a wrong secret is reported as secret_refused", async () => {
    const op = await provider({});
    expect((await failure(signIn(op, {}, { clientSecret: "wrong" }))).code).toBe("secret_refused");
  });

  it("completes name, email and email_verified from UserInfo; the ID token wins where it speaks", async () => {
    const op = await provider({
      userinfo: { name: "Uri Info", email: "admin@example.org", email_verified: "true", picture: "https://p/x.png" },
    });
    const { claims } = await signIn(op, {
      claims: { email: undefined, email_verified: undefined, picture: "https://p/id.png" },
    });
    expect(claims).toMatchObject({
      sub: "user-1",
      name: "Uri Info",
      email: "admin@example.org",
      email_verified: "true",
      picture: "https://p/id.png",
    });
  });

  it("refuses a UserInfo answer about another subject, with its own code", async () => {
    const op = await provider({ userinfo: { sub: "someone-else", email: "x@example.org" } });
    expect((await failure(signIn(op, {}))).code).toBe("userinfo_mismatch");
  });

  it("accepts ES256 when the provider advertises it; refuses none and HS256 even when advertised", async () => {
    const op = await provider({ algs: ["ES256", "RS256", "HS256", "none"] });
    await expect(signIn(op, { signing: "es256" })).resolves.toBeDefined();
    await expect(signIn(op, {})).resolves.toBeDefined();
    expect((await failure(signIn(op, { signing: "hs256" }))).code).toBe("bad_algorithm");
    expect((await failure(signIn(op, { signing: "none" }))).code).toBe("bad_algorithm");
    // OIDC_ID_TOKEN_ALGS narrows the allow-list.
    expect((await failure(signIn(op, { signing: "es256" }, { idTokenAlgs: ["RS256"] }))).code).toBe("bad_algorithm");
  });

  it("a provider that signs only with HS256 is refused at discovery", async () => {
    const op = await provider({ algs: ["HS256"] });
    expect((await failure(signIn(op, { signing: "hs256" }))).code).toBe("bad_algorithm");
  });

  it("HS256 only when OIDC_ID_TOKEN_ALGS names it: keyed with the client secret, every signature still checked", async () => {
    const op = await provider({ algs: ["RS256", "HS256"] });
    const hmac = { idTokenAlgs: ["RS256", "HS256"] };
    // Not configured: refused, as before.
    expect((await failure(signIn(op, { signing: "hs256" }))).code).toBe("bad_algorithm");
    // Configured: the client secret's signature is accepted, another secret's is not.
    const claims = (await signIn(op, { signing: "hs256" }, hmac)).claims;
    expect(claims.sub).toBe("user-1");
    expect((await failure(signIn(op, { signing: "hs256-foreign" }, hmac))).code).toBe("login_failed");
    // The provider's own key still works beside it; a key it never published still does not.
    await expect(signIn(op, {}, hmac)).resolves.toBeDefined();
    expect((await failure(signIn(op, { signing: "foreign" }, hmac))).code).toBe("login_failed");
    expect((await failure(signIn(op, { signing: "none" }, hmac))).code).toBe("bad_algorithm");
  });

  it("checks a back-channel logout token with the ID tokens' algorithms (ES256 advertised: accepted; HS256 only when configured)", async () => {
    const op = await provider({ algs: ["ES256", "RS256", "HS256"] });
    const client = (settings: Partial<OidcSettings> = {}) =>
      new OidcClient(
        {
          issuer: op.issuer,
          clientId: CLIENT_ID,
          clientSecret: SECRET,
          scope: "openid",
          redirectUri: "http://lomda.test/auth/callback",
          postLogoutRedirectUri: "http://lomda.test/",
          ...settings,
        },
        createLogger("silent"),
      );
    const logoutToken = (signing: CraftedToken["signing"]) =>
      op.craft({
        signing,
        claims: {
          nonce: undefined,
          email: undefined,
          email_verified: undefined,
          exp: undefined,
          jti: `jti-${signing}`,
          sid: "sid-1",
          events: { "http://schemas.openid.net/event/backchannel-logout": {} },
        },
      });
    await expect(client().validateLogoutToken(logoutToken("es256"))).resolves.toMatchObject({ sid: "sid-1" });
    await expect(client({ idTokenAlgs: ["RS256"] }).validateLogoutToken(logoutToken("es256"))).rejects.toThrow(
      /logout token rejected/,
    );
    await expect(client().validateLogoutToken(logoutToken("hs256"))).rejects.toThrow(/logout token rejected/);
    await expect(
      client({ idTokenAlgs: ["RS256", "HS256"] }).validateLogoutToken(logoutToken("hs256")),
    ).resolves.toMatchObject({ sid: "sid-1" });
    await expect(
      client({ idTokenAlgs: ["RS256", "HS256"] }).validateLogoutToken(logoutToken("hs256-foreign")),
    ).rejects.toThrow(/logout token rejected/);
  });

  it("a provider clock an hour behind is reported as clock skew of about 60 minutes", async () => {
    const op = await provider({});
    const now = Math.floor(Date.now() / 1000);
    const skewed = await failure(signIn(op, { claims: { iat: now - 3600, exp: now - 3300 } }));
    expect(skewed.code).toBe("clock_skew");
    expect(skewed.description).toBe("60");
  });
});
