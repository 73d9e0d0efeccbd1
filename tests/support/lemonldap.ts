// LemonLDAP::NG 2.16 itself (Debian: liblemonldap-ng-portal-perl), its portal run by plackup on a
// free port as a child process: no nginx, no FastCGI server (which refuses to run as root). The
// configuration is Debian's default one (liblemonldap-ng-common-perl's lmConf-1.json: demo
// accounts dwho/dwho, rtyler/rtyler) with the OpenID Connect issuer on and one relying party, Lomda,
// registered with a front-channel logout URL that wants iss and sid — as an owner would do in the
// manager. Everything it writes stays in a temporary folder.
import { spawn, type ChildProcess } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const PORTAL_PSGI = "/usr/share/lemonldap-ng/portal/htdocs/index.psgi";
const DEFAULT_CONF = "/var/lib/lemonldap-ng/conf/lmConf-1.json";
const PLACKUP = "/usr/bin/plackup";
const DEFAULT_INI = "/etc/lemonldap-ng/lemonldap-ng.ini";

export interface LemonLdap {
  /** The issuer, as LemonLDAP::NG names it: the portal URL, with its trailing slash. */
  issuer: string;
  log(): string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (for a child that cannot be told to pick its own). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => ok(port));
    });
  });
}

export function lemonLdapInstalled(): boolean {
  return [PORTAL_PSGI, DEFAULT_CONF, DEFAULT_INI, PLACKUP].every((path) => existsSync(path));
}

/** Starts the portal for a relying party at `rpUrl` with this client id and secret. */
export async function startLemonLdap(options: {
  port: number;
  rpUrl: string;
  clientId: string;
  clientSecret: string;
}): Promise<LemonLdap> {
  if (!lemonLdapInstalled()) {
    throw new Error(
      "LemonLDAP::NG is not installed: apt-get install liblemonldap-ng-portal-perl (Debian 12: 2.16), as .ci/run does",
    );
  }
  const dir = mkdtempSync(join(tmpdir(), "lomda-lemonldap-"));
  for (const sub of ["conf", "sessions/lock", "psessions/lock"]) mkdirSync(join(dir, sub), { recursive: true });
  const issuer = `http://localhost:${options.port}/`;
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const conf = JSON.parse(readFileSync(DEFAULT_CONF, "utf8")) as Record<string, unknown>;
  Object.assign(conf, {
    cfgNum: 1,
    portal: issuer,
    domain: "localhost",
    globalStorageOptions: { Directory: join(dir, "sessions"), LockDirectory: join(dir, "sessions/lock") },
    persistentStorageOptions: { Directory: join(dir, "psessions"), LockDirectory: join(dir, "psessions/lock") },
    issuerDBOpenIDConnectActivation: 1,
    oidcServicePrivateKeySig: privateKey.export({ type: "pkcs8", format: "pem" }),
    oidcServicePublicKeySig: publicKey.export({ type: "spki", format: "pem" }),
    oidcServiceKeyIdSig: "lomda-test",
    oidcRPMetaDataOptions: {
      lomda: {
        oidcRPMetaDataOptionsClientID: options.clientId,
        oidcRPMetaDataOptionsClientSecret: options.clientSecret,
        oidcRPMetaDataOptionsRedirectUris: `${options.rpUrl}/auth/callback`,
        oidcRPMetaDataOptionsPostLogoutRedirectUris: `${options.rpUrl}/`,
        oidcRPMetaDataOptionsLogoutUrl: `${options.rpUrl}/auth/frontchannel-logout`,
        oidcRPMetaDataOptionsLogoutType: "front",
        oidcRPMetaDataOptionsLogoutSessionRequired: 1,
        oidcRPMetaDataOptionsIDTokenSignAlg: "RS256",
        oidcRPMetaDataOptionsBypassConsent: 1,
      },
    },
    oidcRPMetaDataExportedVars: { lomda: { email: "mail", name: "cn" } },
  });
  writeFileSync(join(dir, "conf/lmConf-1.json"), JSON.stringify(conf));
  // Debian's own ini (templates, static files, languages), reading the configuration above and
  // caching it under the temporary folder.
  writeFileSync(
    join(dir, "lemonldap-ng.ini"),
    readFileSync(DEFAULT_INI, "utf8")
      .replace(/^dirName\s*=.*$/m, `dirName = ${join(dir, "conf")}`)
      .replaceAll("/var/lib/lemonldap-ng/cache", join(dir, "cache"))
      .replace(/^logLevel\s*=.*$/m, "logLevel = notice"),
  );
  let output = "";
  const child: ChildProcess = spawn(
    PLACKUP,
    ["-s", "HTTP::Server::PSGI", "--host", "127.0.0.1", "--port", String(options.port), "-a", PORTAL_PSGI],
    {
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        LLNG_DEFAULTCONFFILE: join(dir, "lemonldap-ng.ini"),
        LLNG_DEFAULTLOGGER: "Lemonldap::NG::Common::Logger::Std",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((ok) => child.once("exit", ok));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await fetch(`http://127.0.0.1:${options.port}/.well-known/openid-configuration`, {
      headers: { host: `localhost:${options.port}` },
    }).catch(() => undefined);
    if (res?.ok) break;
    if (res || child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`LemonLDAP::NG did not start:\n${output}`);
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  return { issuer, log: () => output, stop };
}
