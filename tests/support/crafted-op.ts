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
  /** "rs256" (default, the provider's real key), "foreign" (RS256 by a key not in the JWKS), "hs256" (the client secret), "none". */
  signing?: "rs256" | "foreign" | "hs256" | "none";
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

export async function startCraftedOp(clientId: string, clientSecret: string) {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomUUID();
  const foreign = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
  const jwk = { ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" };
  let next: CraftedToken = {};
  let nonce = "";
  let tokenBehaviour: "answer" | "hang" | "reset" = "answer";
  let tokenRequests = 0;
  let issuer = "";

  const sign = (token: CraftedToken) => {
    const now = Math.floor(Date.now() / 1000);
    const signing = token.signing ?? "rs256";
    const rsa = signing === "rs256" || signing === "foreign";
    const header = {
      alg: rsa ? "RS256" : signing === "hs256" ? "HS256" : "none",
      typ: "JWT",
      ...(rsa ? { kid } : {}),
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
    if (signing === "hs256") return `${input}.${createHmac("sha256", clientSecret).update(input).digest("base64url")}`;
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
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (url.pathname === "/jwks") return json({ keys: [jwk] });
    if (url.pathname === "/token") {
      tokenRequests++;
      if (tokenBehaviour === "hang") return; // never answers
      if (tokenBehaviour === "reset") return req.socket.destroy();
      req.resume();
      req.on("end", () => json({ access_token: "at-1", token_type: "Bearer", expires_in: 300, id_token: sign(next) }));
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
    tokenEndpoint(behaviour: "answer" | "hang" | "reset") {
      tokenBehaviour = behaviour;
    },
    get tokenRequests() {
      return tokenRequests;
    },
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
