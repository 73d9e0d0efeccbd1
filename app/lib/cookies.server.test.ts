import { describe, expect, it } from "vitest";
import { clearSessionCookie, localeCookie, readCookies, readSessionId, serializeSessionCookie } from "./cookies.server";
import type { Config } from "./env.server";

const http = { publicOrigin: "http://127.0.0.1:3000" } as Config;
const https = { publicOrigin: "https://lomda.example" } as Config;
const request = (cookie: string) => new Request("http://x/", { headers: { cookie } });

describe("cookies", () => {
  it("builds every cookie Lax on Path=/, Secure with the __Host- prefix on https", () => {
    expect(serializeSessionCookie(http, "a".repeat(32), 60)).toBe(
      `lomda_session=${"a".repeat(32)}; Max-Age=60; Path=/; HttpOnly; SameSite=Lax`,
    );
    expect(serializeSessionCookie(https, "a".repeat(32), 60)).toBe(
      `__Host-lomda_session=${"a".repeat(32)}; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax`,
    );
    expect(clearSessionCookie(https)).toMatch(/^__Host-lomda_session=; Max-Age=0;/);
    expect(localeCookie(http, "he")).toBe("lng=he; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(localeCookie(https, "he")).toBe("lng=he; Max-Age=31536000; Path=/; Secure; SameSite=Lax");
  });

  it("reads malformed cookies without throwing: a bad value is kept as sent, a bad session id is none", () => {
    expect(readCookies(request("lng=%E0%A4%A; a=%41"))).toEqual({ lng: "%E0%A4%A", a: "A" });
    expect(readCookies(request("=;;lng")).lng).toBeUndefined();
    expect(readCookies(new Request("http://x/"))).toEqual({});
    expect(readSessionId(http, request("lomda_session=%E0%A4%A"))).toBeUndefined();
    expect(readSessionId(http, request(`lomda_session=${"b".repeat(32)}`))).toBe("b".repeat(32));
    expect(readSessionId(https, request(`lomda_session=${"b".repeat(32)}`))).toBeUndefined();
  });
});
