// A real OpenID provider (oidc-provider, as the embedded one) set up to behave as LemonLDAP::NG 2.16
// does with its defaults (docs/decisions/0057):
// - its discovery lists client_secret_basic and client_secret_post, but it reads the Basic header as
//   LemonLDAP::NG 2.16 does (Lib/OpenIDConnect.pm: `/^Basic (\w+)/`, which stops at the first "+", "/"
//   or "=" of the base64, then no form-decoding of the id and secret), so a secret such as this one
//   is refused as LemonLDAP::NG refuses it: 401, `WWW-Authenticate: Basic`, `{"error":"invalid_client"}`
//   (oidc-provider itself would take Basic from any client: that refusal is made here, in front of it);
// - its ID tokens carry no `sid`;
// - its logout page frames the relying party's front-channel logout URL with `iss` and the person's
//   subject as `sid` (LemonLDAP::NG's Issuer/OpenIDConnect.pm: `sid => $user_id`).
// Sign-in is automatic: every authorization request signs in the account named by `login_hint`, else
// the default one. The provider is listened for first and configured once the relying party's
// address is known (a test's app listens after it).
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair } from "jose";
import Provider, { type Configuration } from "oidc-provider";

export const LEMON_CLIENT_ID = "lomda-lemon";
/** With the characters LemonLDAP::NG 2.16 cannot read in a Basic header. */
export const LEMON_CLIENT_SECRET = "lemon+secret/with=reserved~chars";
export const LEMON_DEFAULT_ACCOUNT = "dwho";

export interface LemonLikeOp {
  /** The issuer, with the trailing slash LemonLDAP::NG's has. */
  issuer: string;
  origin: string;
  /** How the token endpoint was asked to authenticate the client, request by request. */
  tokenAuth: ("client_secret_basic" | "client_secret_post" | "other")[];
  /** Registers the relying party (its public URL) and starts answering. */
  configure(rpUrl: string): void;
  close(): Promise<void>;
}

function html(body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>LemonLDAP-like provider</title></head><body><main>${body}</main></body></html>`;
}

/**
 * Starts the provider on 127.0.0.1; `hostname` names it in the issuer (e.g. "localhost", so a browser
 * sees it as another site than a relying party on 127.0.0.1).
 */
export async function startLemonLikeOp(options: { hostname?: string; port?: number } = {}): Promise<LemonLikeOp> {
  let provider: Provider | undefined;
  let callback: ReturnType<Provider["callback"]> | undefined;
  let rp = "";
  const tokenAuth: LemonLikeOp["tokenAuth"] = [];
  const server: Server = createServer((req, res) => {
    if (!provider || !callback) return void res.writeHead(503).end();
    const url = new URL(req.url ?? "/", issuer);
    if (url.pathname === "/favicon.ico") return void res.writeHead(204).end();
    if (url.pathname === "/token" && recordAuth(req) === "client_secret_basic" && !readsBasic(req)) {
      res.writeHead(401, { "content-type": "application/json; charset=utf-8", "www-authenticate": "Basic" });
      return void res.end(JSON.stringify({ error: "invalid_client" }));
    }
    if (url.pathname === "/logout-page") return void logoutPage(url, res);
    if (url.pathname.startsWith("/interaction/")) return void finishLogin(req, res);
    return callback(req, res);
  });
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: "lemon-like", use: "sig", alg: "RS256" };
  await new Promise<void>((ok) => server.listen(options.port ?? 0, "127.0.0.1", ok));
  const { port } = server.address() as AddressInfo;
  const origin = `http://${options.hostname ?? "127.0.0.1"}:${port}`;
  const issuer = `${origin}/`;

  function recordAuth(req: IncomingMessage) {
    const header = req.headers.authorization ?? "";
    const method = /^Basic /i.test(header)
      ? "client_secret_basic"
      : /x-www-form-urlencoded/.test(req.headers["content-type"] ?? "")
        ? "client_secret_post"
        : "other";
    tokenAuth.push(method);
    return method;
  }

  /** Whether LemonLDAP::NG 2.16's reading of the Basic header finds the registered id and secret. */
  function readsBasic(req: IncomingMessage): boolean {
    const token = /^Basic (\w+)/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
    const [id, secret] = Buffer.from(token, "base64").toString("latin1").split(":");
    return id === LEMON_CLIENT_ID && secret === LEMON_CLIENT_SECRET;
  }

  /** Signs the person in (the account from login_hint) and goes on with the authorization. */
  async function finishLogin(req: IncomingMessage, res: import("node:http").ServerResponse) {
    try {
      const details = await provider!.interactionDetails(req, res);
      const hint = details.params.login_hint;
      const accountId = typeof hint === "string" && hint ? hint : LEMON_DEFAULT_ACCOUNT;
      await provider!.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
    } catch (error) {
      res.writeHead(400, { "content-type": "text/plain" }).end(String(error));
    }
  }

  /**
   * The provider's logout page after a sign-out, as LemonLDAP::NG renders it: the relying party's
   * front-channel logout URL in an iframe, with iss and the subject as sid. `sub` names the person.
   */
  function logoutPage(url: URL, res: import("node:http").ServerResponse) {
    const sub = url.searchParams.get("sub") ?? LEMON_DEFAULT_ACCOUNT;
    const frame = new URL(`${rp}/auth/frontchannel-logout`);
    frame.searchParams.set("iss", issuer);
    frame.searchParams.set("sid", sub);
    const src = frame.href.replace(/&/g, "&amp;");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html(`<h1>You are signed out</h1><iframe title="Lomda sign-out" src="${src}"></iframe>`));
  }

  return {
    issuer,
    origin,
    tokenAuth,
    configure(rpUrl: string) {
      rp = rpUrl;
      const configuration: Configuration = {
        clients: [
          {
            client_id: LEMON_CLIENT_ID,
            client_secret: LEMON_CLIENT_SECRET,
            redirect_uris: [`${rpUrl}/auth/callback`],
            post_logout_redirect_uris: [`${rpUrl}/`],
            grant_types: ["authorization_code"],
            response_types: ["code"],
            token_endpoint_auth_method: "client_secret_post",
          },
        ],
        pkce: { required: () => true },
        cookies: { keys: ["lemon-like-op-cookie-key-0123456789"] },
        jwks: { keys: [signingKey] },
        ttl: { AccessToken: 300, AuthorizationCode: 60, IdToken: 300, Interaction: 600, Session: 3600, Grant: 3600 },
        claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
        async findAccount(_ctx, sub) {
          return {
            accountId: sub,
            claims: async () => ({ sub, email: `${sub}@badwolf.org`, email_verified: true, name: sub }),
          };
        },
        async loadExistingGrant(ctx) {
          const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
          if (grantId) return ctx.oidc.provider.Grant.find(grantId);
          const grant = new ctx.oidc.provider.Grant({
            clientId: ctx.oidc.client!.clientId,
            accountId: ctx.oidc.session!.accountId,
          });
          grant.addOIDCScope("openid email profile");
          await grant.save();
          return grant;
        },
        interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
        features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: false } },
      };
      provider = new Provider(issuer, configuration);
      // LemonLDAP::NG 2.16 puts no sid in its ID tokens.
      const set = provider.IdToken.prototype.set;
      provider.IdToken.prototype.set = function (this: unknown, key: string, value: unknown) {
        if (key !== "sid") set.call(this, key, value);
      };
      callback = provider.callback();
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
