import type { AddressInfo } from "node:net";

/** A local SMTP server keeping every message (decoded), like the forwarding tests'. */
export async function startSmtp() {
  const { SMTPServer } = await import("smtp-server");
  const mails: Array<{ to: string; raw: string; text: string }> = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (c: Buffer) => (data += c));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw: data, text: decode(data) });
        callback();
      });
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, "127.0.0.1", ok));
  return { mails, port: (smtp.server.address() as AddressInfo).port, close: () => smtp.close() };
}

/** The body of a single-part message, undoing quoted-printable or base64. */
export function decode(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  if (/content-transfer-encoding:\s*base64/i.test(head!))
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head!)) {
    const bytes = body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, h: string) => `%${h}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, "%25"));
  }
  return body;
}
