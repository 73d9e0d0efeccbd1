// A second, separately configured OpenID provider on its own port, playing an "external" provider
// (Auth0, Keycloak…) for the browser tests: Lomda reaches it by configuration alone (OIDC_ISSUER…).
// Its accounts: any email from the list below, password "external-pass".
import { createServer } from "node:http";
import Provider, { type Configuration } from "oidc-provider";

const port = Number(process.env.EXTERNAL_OP_PORT ?? 3320);
const issuer = `http://127.0.0.1:${port}`;
const rp = process.env.EXTERNAL_RP_URL ?? "http://127.0.0.1:3311";

const ACCOUNTS: Record<string, { name: string; picture?: string }> = {
  "ext.learner@example.org": { name: "Eli External" },
  "ext.admin@example.org": { name: "Maya External" },
};

function html(body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>External IdP</title></head><body><main>${body}</main></body></html>`;
}

const configuration: Configuration = {
  clients: [
    {
      client_id: "lomda-external",
      client_secret: "external-secret",
      redirect_uris: [`${rp}/auth/callback`],
      post_logout_redirect_uris: [`${rp}/`],
      grant_types: ["authorization_code"],
      response_types: ["code"],
    },
  ],
  pkce: { required: () => true },
  cookies: { keys: ["external-op-cookie-key-0123456789"] },
  claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
  // As most providers do (and oidc-provider by default): with an access token for UserInfo, the ID
  // token carries only `sub`; name, email and email_verified come from UserInfo alone.
  conformIdTokenClaims: true,
  async findAccount(_ctx, sub) {
    const account = ACCOUNTS[sub];
    if (!account) return undefined;
    return { accountId: sub, claims: async () => ({ sub, email: sub, email_verified: true, ...account }) };
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
};
configuration.features = {
  devInteractions: { enabled: false },
  rpInitiatedLogout: {
    enabled: true,
    async logoutSource(ctx, form) {
      ctx.body = html(
        `<h1>External sign-out</h1>${form.replace("</form>", '<input type="hidden" name="logout" value="yes"></form>')}<button type="submit" form="op.logoutForm">Sign out of External IdP</button>`,
      );
    },
  },
};

const provider = new Provider(issuer, configuration);
const callback = provider.callback();

const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", issuer);
  if (url.pathname === "/favicon.ico") return void res.writeHead(204).end();
  const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
  if (!match) return callback(req, res);
  try {
    const details = await provider.interactionDetails(req, res);
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        html(
          `<h1>External IdP</h1><form method="post" action="/interaction/${details.uid}/login"><label for="e">Email</label><input id="e" name="email" type="email"><label for="p">Password</label><input id="p" name="password" type="password"><button type="submit">Continue</button></form>`,
        ),
      );
      return;
    }
    let body = "";
    for await (const chunk of req) body += chunk;
    const form = new URLSearchParams(body);
    const email = form.get("email") ?? "";
    if (!ACCOUNTS[email] || form.get("password") !== "external-pass") {
      res.writeHead(401, { "content-type": "text/html; charset=utf-8" });
      res.end(html("<p>Wrong credentials</p>"));
      return;
    }
    await provider.interactionFinished(req, res, { login: { accountId: email } }, { mergeWithLastSubmission: false });
  } catch (error) {
    res.writeHead(400, { "content-type": "text/plain" });
    res.end(String(error));
  }
});

server.listen(port, "127.0.0.1", () => console.log(`external OpenID provider on ${issuer}`));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
