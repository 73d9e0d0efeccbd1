import { createHmac, createSign, generateKeyPairSync, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A minimal OpenID provider for negative tests of ID token validation: it answers discovery, JWKS
 * and the token endpoint, and the test decides exactly which ID token the token endpoint returns.
 */
export interface CraftedToken {
  header?: Record<string, unknown>;
  claims?: Record<string, unknown>;
  /** "rs256" (default, the provider's real key), "es256" (its P-256 key), "foreign" (RS256 by a key not in the JWKS), "hs256" (the client secret), "hs256-foreign" (another secret), "none". */
  signing?: "rs256" | "es256" | "foreign" | "hs256" | "hs256-foreign" | "none";
}

/** How the provider behaves beyond the ID token: what it advertises, how it checks the client, UserInfo. */
export interface CraftedOptions {
  /** token_endpoint_auth_methods_supported, and the only methods the token endpoint accepts (default: both). */
  authMethods?: ("client_secret_basic" | "client_secret_post")[];
  /** Decode the Basic header's form-encoding (RFC 6749 2.3.1)? Many providers do not (default true). */
  decodesBasic?: boolean;
  /**
   * How a refused client is answered: the JSON body alone (default), or also a `WWW-Authenticate:
   * Basic` challenge on the 401, as LemonLDAP::NG does.
   */
  refusal?: "body" | "challenge";
  /** id_token_signing_alg_values_supported (default ["RS256"]). */
  algs?: string[];
  /** When set, a userinfo_endpoint answering these claims (sub defaults to the ID token's). */
  userinfo?: Record<string, unknown>;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

export async function startCraftedOp(clientId: string, clientSecret: string, options: CraftedOptions = {}) {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomUUID();
  const foreign = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  const jwk = { ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" };
  const ec = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const ecKid = randomUUID();
  const ecJwk = { ...ec.publicKey.export({ format: "jwk" }), kid: ecKid, alg: "ES256", use: "sig" };
  const authMethods = options.authMethods ?? ["client_secret_basic", "client_secret_post"];
  /** How the last token request authenticated (for the tests to see). */
  let lastAuth: "client_secret_basic" | "client_secret_post" | "refused" | undefined;
  let next: CraftedToken = {};
  let nonce = "";
  let tokenBehaviour: "answer" | "hang" | "reset" = "answer";
  let tokenRequests = 0;
  /** The secret the token endpoint takes (rotateSecret changes it, as an owner would at the provider). */
  let acceptedSecret = clientSecret;
  /** How each token request tried to authenticate, in order. */
  const authAttempts: ("client_secret_basic" | "client_secret_post" | "none")[] = [];
  let issuer = "";

  const sign = (token: CraftedToken) => {
    const now = Math.floor(Date.now() / 1000);
    const signing = token.signing ?? "rs256";
    const rsa = signing === "rs256" || signing === "foreign";
    const header = {
      alg: rsa ? "RS256" : signing === "es256" ? "ES256" : signing.startsWith("hs256") ? "HS256" : "none",
      typ: "JWT",
      ...(rsa ? { kid } : signing === "es256" ? { kid: ecKid } : {}),
      ...token.header,
    };
    const claims = {
      iss: issuer,
      sub: "user-1",
      aud: clientId,
      iat: now,
      exp: now + 300,
      nonce,
      email: "u1@example.org",
      email_verified: true,
      ...token.claims,
    };
    for (const [key, value] of Object.entries(claims))
      if (value === undefined) delete (claims as Record<string, unknown>)[key];
    const input = `${b64(header)}.${b64(claims)}`;
    if (signing === "none") return `${input}.`;
    if (signing.startsWith("hs256")) {
      const key = signing === "hs256" ? clientSecret : `${clientSecret}-but-not-quite`;
      return `${input}.${createHmac("sha256", key).update(input).digest("base64url")}`;
    }
    if (signing === "es256") {
      const signature = createSign("SHA256").update(input).sign({ key: ec.privateKey, dsaEncoding: "ieee-p1363" });
      return `${input}.${signature.toString("base64url")}`;
    }
    const key = signing === "foreign" ? foreign : privateKey;
    return `${input}.${createSign("RSA-SHA256").update(input).sign(key).toString("base64url")}`;
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const json = (body: unknown) =>
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (url.pathname === "/.well-known/openid-configuration") {
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        end_session_endpoint: `${issuer}/logout`,
        ...(options.userinfo ? { userinfo_endpoint: `${issuer}/userinfo` } : {}),
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        token_endpoint_auth_methods_supported: authMethods,
        id_token_signing_alg_values_supported: options.algs ?? ["RS256"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (url.pathname === "/jwks") return json({ keys: [jwk, ecJwk] });
    if (url.pathname === "/userinfo" && options.userinfo) {
      if (req.headers.authorization !== "Bearer at-1") return res.writeHead(401).end();
      return json({ sub: "user-1", ...options.userinfo });
    }
    if (url.pathname === "/token") {
      tokenRequests++;
      if (tokenBehaviour === "hang") return; // never answers
      if (tokenBehaviour === "reset") return req.socket.destroy();
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        const form = new URLSearchParams(body);
        const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
        authAttempts.push(basic ? "client_secret_basic" : form.has("client_secret") ? "client_secret_post" : "none");
        let secret: string | undefined;
        if (basic && authMethods.includes("client_secret_basic")) {
          const [id, pass] = Buffer.from(basic, "base64").toString().split(":");
          const decode = (v = "") => (options.decodesBasic !== false ? decodeURIComponent(v.replace(/\+/g, " ")) : v);
          if (decode(id) === clientId) secret = decode(pass);
          lastAuth = "client_secret_basic";
        } else if (!basic && form.has("client_secret") && authMethods.includes("client_secret_post")) {
          if (form.get("client_id") === clientId) secret = form.get("client_secret") ?? undefined;
          lastAuth = "client_secret_post";
        }
        if (secret !== acceptedSecret) {
          lastAuth = "refused";
          const challenge = options.refusal === "challenge" ? { "www-authenticate": 'Basic realm="op"' } : {};
          return res
            .writeHead(401, { "content-type": "application/json", ...challenge })
            .end(JSON.stringify({ error: "invalid_client", error_description: "client authentication failed" }));
        }
        json({ access_token: "at-1", token_type: "Bearer", expires_in: 300, id_token: sign(next) });
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    /** The ID token the next token request returns, for a sign-in that sent this nonce. */
    willIssue(token: CraftedToken, forNonce: string) {
      next = token;
      nonce = forNonce;
    },
    /** Any JWT signed as an ID token would be (claims undefined are left out): e.g. a logout token. */
    craft(token: CraftedToken) {
      return sign(token);
    },
    tokenEndpoint(behaviour: "answer" | "hang" | "reset") {
      tokenBehaviour = behaviour;
    },
    get tokenRequests() {
      return tokenRequests;
    },
    get lastAuth() {
      return lastAuth;
    },
    authAttempts,
    rotateSecret(secret: string) {
      acceptedSecret = secret;
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
