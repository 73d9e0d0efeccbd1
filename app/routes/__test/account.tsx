import { data } from "react-router";
import { requestContext } from "~/context.server";
import { createIdpAccount } from "~/models/idp-account.server";
import type { Route } from "./+types/account";

/**
 * Test-only (LOMDA_TEST_ROUTES=1, embedded provider): creates an account at the embedded provider,
 * so a browser test can send a registration request for a new person, approve it and sign in as them.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { config, db } = context.get(requestContext);
  if (!config.embeddedIdp) throw data("Not Found", { status: 404 });
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  if (!/^[\w.+-]+@lomda\.test$/.test(email)) throw data("Bad Request", { status: 400 });
  await createIdpAccount(db, {
    email,
    password: String(form.get("password") ?? "lomda-demo"),
    name: String(form.get("name") ?? "Test Person"),
  });
  return new Response(null, { status: 204 });
}

export async function loader() {
  throw data("Not Found", { status: 404 });
}
