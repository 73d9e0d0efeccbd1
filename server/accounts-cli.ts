import type { Kysely } from "kysely";
import { createInterface } from "node:readline";
import type { Database } from "../db/schema.ts";
import {
  createIdpAccount,
  findIdpAccountByEmail,
  listIdpAccounts,
  setIdpAccountDisabled,
} from "../app/models/idp-account.server.ts";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from "../app/lib/password-policy.server.ts";

const USAGE = `Usage:
  npm run accounts -- create <email> [--admin] [--name "Full Name"]
  npm run accounts -- list
  npm run accounts -- disable <email>
  npm run accounts -- enable <email>

Accounts of the embedded sign-in (used when OIDC_ISSUER is unset). create asks for the password
on a terminal (twice, not echoed); a script can pipe it on stdin or set LOMDA_ACCOUNT_PASSWORD.`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface AccountsIo {
  out(line: string): void;
  /** The new account's password (asked for, piped, or from the environment). */
  password(): Promise<string>;
  /** The embedded provider's issuer, to end the sessions of a disabled account. */
  embeddedIssuer?: string;
}

/** Manages the embedded provider's accounts from the command line. Returns the process exit code. */
export async function runAccountsCommand(db: Kysely<Database>, args: string[], io: AccountsIo): Promise<number> {
  const [command, email, ...rest] = args;
  if (command === "list") {
    const rows = await listIdpAccounts(db);
    if (rows.length === 0) io.out("No accounts.");
    for (const row of rows) {
      io.out(
        `${row.email}\t${row.is_admin ? "admin" : "-"}\t${row.disabled_at ? `disabled ${row.disabled_at.slice(0, 10)}` : "enabled"}\tcreated ${row.created_at.slice(0, 10)}`,
      );
    }
    return 0;
  }
  if ((command === "disable" || command === "enable") && email && EMAIL.test(email)) {
    const account = await setIdpAccountDisabled(db, email, command === "disable", {
      embeddedIssuer: io.embeddedIssuer,
    });
    if (!account) {
      io.out(`No account ${email}.`);
      return 1;
    }
    io.out(command === "disable" ? `Disabled ${account.email}; its sessions are ended.` : `Enabled ${account.email}.`);
    return 0;
  }
  if (command === "create" && email && EMAIL.test(email)) {
    const nameAt = rest.indexOf("--name");
    const name = nameAt === -1 ? email.split("@")[0]! : (rest[nameAt + 1] ?? "").trim();
    if (!name) {
      io.out("--name needs a name.");
      return 2;
    }
    if (await findIdpAccountByEmail(db, email)) {
      io.out(`${email.trim().toLowerCase()} already has an account.`);
      return 1;
    }
    let password: string;
    try {
      password = await io.password();
    } catch (error) {
      io.out((error as Error).message);
      return 2;
    }
    const problem = passwordProblem(password);
    if (problem) {
      io.out(
        problem === "tooShort"
          ? `The password needs at least ${MIN_PASSWORD_LENGTH} characters.`
          : problem === "tooLong"
            ? `The password may have at most ${MAX_PASSWORD_LENGTH} characters.`
            : "That password is one of the most common ones; choose another.",
      );
      return 2;
    }
    const isAdmin = rest.includes("--admin");
    await createIdpAccount(db, { email, password, name, isAdmin });
    io.out(`Created ${isAdmin ? "an admin account" : "an account"} for ${email.trim().toLowerCase()}.`);
    return 0;
  }
  io.out(USAGE);
  return 2;
}

/** Asks on the terminal without echoing what is typed. */
function ask(prompt: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    const internal = rl as unknown as { _writeToOutput(text: string): void };
    let prompted = false;
    internal._writeToOutput = (text: string) => {
      // The prompt itself, then nothing of what is typed.
      if (!prompted) {
        process.stderr.write(text);
        prompted = true;
      }
    };
    rl.question(prompt, (answer) => {
      process.stderr.write("\n");
      rl.close();
      resolve(answer);
    });
  });
}

/** The password: LOMDA_ACCOUNT_PASSWORD, else asked twice on a terminal, else the first line of stdin. */
export async function readPassword(): Promise<string> {
  const fromEnv = process.env.LOMDA_ACCOUNT_PASSWORD;
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) {
    const first = await ask("Password: ");
    const second = await ask("Again: ");
    if (first !== second) throw new Error("The two passwords differ.");
    return first;
  }
  let text = "";
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? "";
}
