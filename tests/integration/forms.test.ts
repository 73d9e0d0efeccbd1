import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvedCaptcha } from "../support/altcha-solver.ts";
import { CookieJar, hop } from "../support/cookie-jar.ts";
import { createSignedInUser } from "../support/factories.ts";
import { shown, startApp } from "./harness.ts";

/** A local stand-in for the form service (web3forms-compatible): fails the first N calls, then succeeds. */
async function fakeFormService(failFirst: number) {
  const received: Record<string, string>[] = [];
  let calls = 0;
  const server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c));
    req.on("end", () => {
      calls += 1;
      received.push(JSON.parse(body) as Record<string, string>);
      if (calls <= failFirst)
        return void res
          .writeHead(500, { "content-type": "application/json" })
          .end('{"success":false,"message":"Service down"}');
      res.writeHead(200, { "content-type": "application/json" }).end('{"success":true,"message":"Email sent"}');
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/submit`,
    received,
    close: () => server.close(),
  };
}

describe("contact, registration and newsletter forms, and the admin area", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let forms: Awaited<ReturnType<typeof fakeFormService>>;
  beforeAll(async () => {
    forms = await fakeFormService(1);
    app = await startApp({ FORMS_FORWARD_URL: forms.url, FORMS_ACCESS_KEY: "form-service-key" });
  });
  afterAll(async () => {
    await app.stop();
    forms.close();
  });

  const post = (path: string, fields: Record<string, string>, jar = new CookieJar()) =>
    hop(jar, `${app.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: new URLSearchParams(fields).toString(),
    });
  const rows = (table: "contact_messages" | "registration_requests") => app.db.selectFrom(table).selectAll().execute();
  const good = {
    name: "Yael Bar",
    email: "Yael@Example.org",
    phone: "050-123 4567",
    message: "Hello, I'd like to know more.",
  };

  it("stores a contact message with a valid captcha, then forwards it, retrying after a failure", async () => {
    const res = await post("/contact", { intent: "contact", ...good, altcha: await solvedCaptcha(app.url) });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Form Submitted Successfully");
    const [row] = await rows("contact_messages");
    expect(row).toMatchObject({
      name: "Yael Bar",
      email: "yael@example.org",
      phone: "050-123 4567",
      status: "pending",
    });
    await expect.poll(async () => (await rows("contact_messages"))[0]!.forward_status, { timeout: 5000 }).toBe("sent");
    expect((await rows("contact_messages"))[0]!.forward_attempts).toBe(2);
    expect(forms.received).toHaveLength(2);
    expect(forms.received[1]).toMatchObject({
      access_key: "form-service-key",
      from_name: "Lomda",
      subject: "New Submission from contact page",
      name: "Yael Bar",
      phone: "050-123 4567",
    });
  });

  it("refuses each kind of bad input with 400 and its message, storing nothing", async () => {
    const before = (await rows("contact_messages")).length;
    const cases: [Record<string, string>, string][] = [
      [{ ...good, name: "" }, "Please enter your name."],
      [{ ...good, email: "" }, "Please enter your email."],
      [{ ...good, email: "not-an-email" }, "Please enter a valid email address"],
      [{ ...good, phone: "" }, "Please enter your phone number."],
      [{ ...good, phone: "12345" }, "A phone number has 7 to 20 digits"],
      [{ ...good, phone: "050-123-4567; DROP" }, "A phone number has 7 to 20 digits"],
      [{ ...good, phone: "1".repeat(21) }, "A phone number has 7 to 20 digits"],
      [{ ...good, message: "m".repeat(5001) }, "The message may be at most 5,000 characters."],
    ];
    for (const [fields, message] of cases) {
      const res = await post("/contact", { intent: "contact", ...fields, altcha: "x" });
      expect(res.status, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(await res.text()).toContain(message);
    }
    const he = await post("/contact?lng=he", { intent: "contact", ...good, name: "" });
    expect(await he.text()).toContain("נא לכתוב את שמכם.");
    expect((await rows("contact_messages")).length).toBe(before);
  });

  it("refuses a missing, forged or replayed captcha with a clear message", async () => {
    const before = (await rows("registration_requests")).length;
    const missing = await post("/register", { intent: "registration", ...good });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Please complete the human check before sending.");
    const forged = await post("/register", {
      intent: "registration",
      ...good,
      altcha: Buffer.from(JSON.stringify({ challenge: { parameters: {} }, solution: { counter: 1 } })).toString(
        "base64",
      ),
    });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain("The human check failed.");
    const payload = await solvedCaptcha(app.url);
    const sent = await post("/register", { intent: "registration", ...good, altcha: payload });
    expect(sent.status).toBe(200);
    // Without JavaScript too, the answer says what happens next (D-L13).
    const answer = shown(await sent.text());
    expect(answer).toContain("Form Submitted Successfully");
    expect(answer).toContain("What happens next: someone on our team reads your request");
    const replay = await post("/register", { intent: "registration", ...good, name: "Second", altcha: payload });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain("This human check was already used.");
    expect((await rows("registration_requests")).length).toBe(before + 1);
  });

  it("stores a newsletter sign-up once and answers a repeat the same way", async () => {
    const thanks = "Thank you! You are on the list.";
    const jar = new CookieJar();
    const first = await post("/newsletter", { email: "news@example.org", returnTo: "/about" }, jar);
    const again = await post("/newsletter", { email: "NEWS@example.org", returnTo: "/about" });
    expect(first.status).toBe(303);
    expect(again.status).toBe(303);
    expect(first.headers.get("location")).toBe(again.headers.get("location"));
    // The answer rides in the flash cookie, not the URL: shown once on the page it returns to.
    expect(first.headers.get("location")).toBe("/about#newsletter");
    const back = await hop(jar, `${app.url}/about`);
    expect(shown(await back.text())).toContain(thanks);
    // Never kept by the page cache: the next visitor (and the next look) sees no thanks.
    expect(back.headers.get("cache-control") ?? "").not.toContain("public");
    expect(shown(await (await hop(jar, `${app.url}/about`)).text())).not.toContain(thanks);
    expect(shown(await (await fetch(`${app.url}/about`)).text())).not.toContain(thanks);
    const badJar = new CookieJar();
    const bad = await post("/newsletter", { email: "nope", returnTo: "//evil.example" }, badJar);
    expect(bad.headers.get("location")).toBe("/#newsletter");
    expect(shown(await (await hop(badJar, `${app.url}/`)).text())).toContain("Please enter a valid email address.");
    const stored = await app.db.selectFrom("newsletter_subscribers").select("email").execute();
    expect(stored.map((s) => s.email)).toEqual(["news@example.org"]);
  });

  it("keeps /admin for admins: a visitor goes to sign in, a learner gets 403", async () => {
    // The same sign-in page and way back as /profile's (D-L14).
    for (const path of ["/admin", "/profile"]) {
      const visitor = await fetch(`${app.url}${path}`, { redirect: "manual" });
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("location")).toBe(`/register?returnTo=${encodeURIComponent(path)}`);
    }
    const { cookie: learner } = await createSignedInUser(app.db, "learner");
    expect((await fetch(`${app.url}/admin`, { headers: { cookie: learner } })).status).toBe(403);
    expect((await fetch(`${app.url}/admin/newsletter.csv`, { headers: { cookie: learner } })).status).toBe(403);
    const action = await fetch(`${app.url}/admin`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: learner, "content-type": "application/x-www-form-urlencoded", origin: app.url },
      body: "intent=revoke&id=00000000-0000-4000-8000-000000000000",
    });
    expect(action.status).toBe(403);
  });

  it("answers a learner at /admin with the translated 403 page, not an application error", async () => {
    const { cookie: learner } = await createSignedInUser(app.db, "learner");
    for (const [query, title, meta] of [
      ["", "You don’t have access to this page", "No access · Lomda"],
      ["?lng=he", "אין לכם גישה לדף הזה", "אין גישה · לומדה"],
    ] as const) {
      const response = await fetch(`${app.url}/admin${query}`, { headers: { cookie: learner } });
      expect(response.status).toBe(403);
      const html = await response.text();
      expect(html).toContain(title);
      expect(html).toContain(`<title>${meta}</title>`);
      // The admin area is in no subscription: said so, and none offered (D-L14).
      expect(html).not.toContain('href="/Payments"');
      expect(shown(html)).toContain(
        query ? "האזור הזה מיועד למנהלי האתר" : "administrators, and your account is not one of them",
      );
      expect(shown(html)).not.toContain("Unexpected Application Error");
    }
  });

  it("lets an admin approve a request (granting that email a subscription), reject, revoke, moderate and export", async () => {
    const jar = new CookieJar();
    jar.set("lomda_session", (await createSignedInUser(app.db, "admin")).sessionId);
    const page = await (await hop(jar, `${app.url}/admin`)).text();
    expect(page).toContain("Yael Bar");
    expect(page).toContain("Sent"); // the forwarding status is visible
    const [request] = await rows("registration_requests");
    // In Hebrew: no mail is set up here, and the admin reads why in Hebrew, not "SMTP_URL is not set" (D-L2).
    const approve = await post("/admin?lng=he", { intent: "approve", id: request!.id, until: "2099-12-31" }, jar);
    expect(approve.status).toBe(200);
    const approved = shown(await approve.text());
    expect(approved).toContain("שליחת אימייל לא הוגדרה בשרת הזה");
    expect(approved).not.toContain("SMTP_URL");
    // The subscriptions table says what granted it in words, never "request:<uuid>".
    const listed = shown(await (await hop(jar, `${app.url}/admin?lng=he`)).text());
    expect(listed).toContain("בקשה שאושרה");
    expect(listed).not.toContain(`request:${request!.id}`);
    await hop(jar, `${app.url}/?lng=en`); // back to English for what follows
    const subscription = await app.db
      .selectFrom("subscriptions")
      .selectAll()
      .where("email", "=", "yael@example.org")
      .executeTakeFirstOrThrow();
    // The end of 31 December on the school's clock (Israel, UTC+2 in winter), listed as that day.
    expect(subscription.ends_at).toBe("2099-12-31T21:59:59.000Z");
    expect(await (await hop(jar, `${app.url}/admin`)).text()).toMatch(/yael@example\.org<\/bdi>.*?Dec 31, 2099/s);
    expect(subscription.granted_by).toBe(`request:${request!.id}`);
    expect((await rows("registration_requests"))[0]!.status).toBe("approved");
    expect((await post("/admin", { intent: "approve", id: request!.id, until: "2001-01-01" }, jar)).status).toBe(400);
    // A day that is not on the calendar is refused, not rolled into the next month.
    expect((await post("/admin", { intent: "approve", id: request!.id, until: "2099-02-30" }, jar)).status).toBe(400);
    expect((await post("/admin", { intent: "revoke", id: subscription.id }, jar)).status).toBe(200);
    expect(
      (
        await app.db
          .selectFrom("subscriptions")
          .select("revoked_at")
          .where("id", "=", subscription.id)
          .executeTakeFirstOrThrow()
      ).revoked_at,
    ).not.toBeNull();
    expect((await post("/admin", { intent: "explode", id: subscription.id }, jar)).status).toBe(400);
    const [contact] = await rows("contact_messages");
    expect((await post("/admin", { intent: "handle", kind: "contact", id: contact!.id }, jar)).status).toBe(200);
    expect((await rows("contact_messages"))[0]!.status).toBe("handled");
    const csv = await hop(jar, `${app.url}/admin/newsletter.csv`);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(await csv.text()).toContain('"news@example.org"');
    expect(
      app.logs.some(
        (l) => l.msg === "admin: registration approved, subscription granted" && typeof l.adminId === "string",
      ),
    ).toBe(true);
  });

  it("marks forwarding that keeps failing as failed, visible in the inbox, the message kept", async () => {
    const dead = await fakeFormService(99);
    const own = await startApp({ FORMS_FORWARD_URL: dead.url });
    try {
      const res = await fetch(`${own.url}/contact`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: own.url },
        body: new URLSearchParams({ intent: "contact", ...good, altcha: await solvedCaptcha(own.url) }).toString(),
      });
      expect(res.status).toBe(200);
      // The test app retries quickly (4 attempts in all).
      await expect
        .poll(
          async () =>
            (await own.db.selectFrom("contact_messages").select("forward_status").executeTakeFirstOrThrow())
              .forward_status,
          { timeout: 8000 },
        )
        .toBe("failed");
      const row = await own.db.selectFrom("contact_messages").selectAll().executeTakeFirstOrThrow();
      expect(row.forward_attempts).toBe(4);
      expect(row.forward_error).toContain("Service down");
      expect(dead.received).toHaveLength(4);
    } finally {
      await own.stop();
      dead.close();
    }
  });
});

describe("forwarding by SMTP", () => {
  it("mails a stored message to CONTACT_TO through SMTP_URL", async () => {
    const { SMTPServer } = await import("smtp-server");
    const mails: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        let data = "";
        stream.on("data", (c: Buffer) => (data += c));
        stream.on("end", () => {
          mails.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((ok) => smtp.listen(0, "127.0.0.1", ok));
    const port = (smtp.server.address() as AddressInfo).port;
    const own = await startApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, CONTACT_TO: "office@lomda.test" });
    try {
      const res = await fetch(`${own.url}/contact`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: own.url },
        body: new URLSearchParams({
          intent: "contact",
          name: "Mail Test",
          email: "mail@example.org",
          phone: "02-5551234",
          message: "Hi by mail",
          altcha: await solvedCaptcha(own.url),
        }).toString(),
      });
      expect(res.status).toBe(200);
      await expect.poll(() => mails.length, { timeout: 8000 }).toBe(1);
      expect(mails[0]).toContain("Subject: New Submission from contact page");
      expect(mails[0]).toContain("To: office@lomda.test");
      expect(mails[0]).toContain("Hi by mail");
      await expect
        .poll(
          async () =>
            (await own.db.selectFrom("contact_messages").select("forward_status").executeTakeFirstOrThrow())
              .forward_status,
        )
        .toBe("sent");
    } finally {
      await own.stop();
      smtp.close();
    }
  });
});
