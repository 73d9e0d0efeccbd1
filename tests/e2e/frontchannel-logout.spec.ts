import {
  LEMON_CLIENT_ID,
  LEMON_CLIENT_SECRET,
  startLemonLikeOp,
  type LemonLikeOp,
} from "../support/lemonldap-like-op.ts";
import { freePort } from "../support/lemonldap.ts";
import { startOwnLomda, type OwnLomda } from "./own-lomda.ts";
import { expect, test } from "./fixtures.ts";

/**
 * Issue 35, part 5, in the browser: a provider that behaves as LemonLDAP::NG 2.16 does (refuses the
 * client secret in the Basic header, puts no sid in its ID tokens, frames the front-channel logout
 * URL with iss and the subject as sid; tests/support/lemonldap-like-op.ts) on another site than
 * Lomda (localhost against 127.0.0.1), so the session cookie (SameSite=Lax) is not sent into its
 * frame. Signing in needs no setting; signing out there ends the Lomda session; the same frame on a
 * stranger's site ends nothing. Lomda and the provider are started here, only when this spec runs
 * (as cardcom.spec.ts does), on free ports.
 */
const DATA_DIR = "tests/.tmp/e2e-lemon";

test.describe.configure({ mode: "serial" });

let lomda: OwnLomda | undefined;
let op: LemonLikeOp | undefined;
let LOMDA = "";

test.beforeAll(async () => {
  test.setTimeout(90_000);
  op = await startLemonLikeOp({ hostname: "localhost" });
  const port = await freePort();
  LOMDA = `http://127.0.0.1:${port}`;
  op.configure(LOMDA);
  lomda = await startOwnLomda({
    port,
    dataDir: DATA_DIR,
    env: {
      OIDC_ISSUER: op.issuer,
      OIDC_CLIENT_ID: LEMON_CLIENT_ID,
      OIDC_CLIENT_SECRET: LEMON_CLIENT_SECRET,
      SESSION_SECRET: "e2e-lemon-session-secret-0123456789abcdef",
    },
  });
});

test.afterAll(async () => {
  await lomda?.stop();
  await op?.close();
});

test("signing out at a cross-site provider (LemonLDAP::NG-like) ends the Lomda session; a stranger's copy of its frame does not", async ({
  page,
  allowConsoleErrors,
}) => {
  // The stranger's page may not frame Lomda's (frame-ancestors names the provider alone): the
  // browser says so in the console.
  allowConsoleErrors(/frame-ancestors|Refused to frame/);
  const signedIn = async () => {
    await page.goto(`${LOMDA}/profile`);
    return new URL(page.url()).pathname === "/profile";
  };
  const frameAnswered = (from: string) =>
    page.waitForResponse(
      (r) =>
        r.url().startsWith(`${LOMDA}/auth/frontchannel-logout?`) &&
        r.frame().parentFrame()?.url().startsWith(from) === true,
    );

  // Sign in: the provider refuses Basic, Lomda retries with post by itself.
  await page.goto(`${LOMDA}/signin`);
  await page.waitForURL(`${LOMDA}/`);
  expect(await signedIn()).toBe(true);
  expect(op!.tokenAuth).toEqual(["client_secret_basic", "client_secret_post"]);

  // The provider's logout page, copied onto a stranger's site (another site again: *.localhost):
  // iss and sid are public knowledge, and the browser's logout cookie goes along, but the frame was
  // not loaded by the provider's page.
  const stranger = op!.origin.replace("//localhost:", "//stranger.localhost:");
  let answered = frameAnswered(stranger);
  await page.goto(`${stranger}/logout-page?sub=dwho`);
  expect((await answered).status()).toBe(200);
  expect(await signedIn()).toBe(true);

  // The provider's own logout page: its frame carries iss, the subject as sid and the logout cookie
  // (not the Lax session cookie: the frame is cross-site), and ends the session.
  answered = frameAnswered(op!.origin);
  await page.goto(`${op!.origin}/logout-page?sub=dwho`);
  const response = await answered;
  expect(response.status()).toBe(200);
  const sent = await response.request().allHeaders();
  expect(sent["sec-fetch-site"]).toBe("cross-site");
  expect(sent.cookie ?? "").toMatch(/^lomda_logout=[0-9a-f]{64}$/);
  await expect(page.frameLocator("iframe").getByText("Signed out")).toBeVisible();
  expect(await signedIn()).toBe(false);
});
