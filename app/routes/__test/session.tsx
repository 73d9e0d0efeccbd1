import { data } from "react-router";
import { requestContext } from "~/context.server";
import { IDP_MOUNT } from "~/lib/idp/provider.server";
import { authenticateIdpAccount, DEMO_PASSWORD } from "~/models/idp-account.server";
import { claimEmailSubscriptions } from "~/models/subscription.server";
import { upsertUserFromProvider } from "~/models/user.server";
import { startSession } from "~/models/viewer.server";
import type { Route } from "./+types/session";

/**
 * Test-only (LOMDA_TEST_ROUTES=1, embedded provider): signs in without the login page, so a browser
 * test whose subject is not the sign-in itself starts signed in. Checks the embedded provider's
 * credentials, then does what /auth/callback does with that account's ID token claims (same issuer,
 * subject and profile, email subscriptions claimed) and answers with the session cookie.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { config, db } = context.get(requestContext);
  if (!config.embeddedIdp) throw data("Not Found", { status: 404 });
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  if (!/^[\w.+-]+@lomda\.test$/.test(email)) throw data("Bad Request", { status: 400 });
  const account = await authenticateIdpAccount(db, email, String(form.get("password") ?? DEMO_PASSWORD));
  if (!account) throw data("Unknown account or wrong password", { status: 401 });
  const user = await upsertUserFromProvider(db, {
    issuer: `${config.PUBLIC_URL}${IDP_MOUNT}`,
    subject: account.id,
    email: account.email,
    emailVerified: true,
    name: account.name,
    phone: account.phone,
    address: account.address,
  });
  await claimEmailSubscriptions(db, user);
  return new Response(null, {
    status: 204,
    headers: (await startSession(db, config, request, user.id)).map((cookie): [string, string] => [
      "Set-Cookie",
      cookie,
    ]),
  });
}

export async function loader() {
  throw data("Not Found", { status: 404 });
}
