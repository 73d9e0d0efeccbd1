import { z } from "zod";
import { readCapped } from "~/lib/read-capped.server";

/**
 * The transport to Cardcom's REST API v11 (issue 33, decisions 0046…): one POST with JSON both ways,
 * a timeout, no redirects followed, the answer's size capped, and the shared pieces every call needs
 * (the terminal's credentials, money as Cardcom writes it, currencies as ISOCoinId). The calls live
 * beside it, each in the module of what it does: the hosted page and its read-back
 * (cardcom.server.ts), and the ones that need the API password.
 */

export interface CardcomCredentials {
  /** The terminal (TerminalNumber). */
  terminal: number;
  /** The API user (ApiName). */
  apiName: string;
  /**
   * The API user's password (ApiPassword): refunds, documents and token charges ask for it; the hosted
   * page and its read-back do not. Null when the school has not set it.
   */
  apiPassword: string | null;
  /** Cardcom's origin: https://secure.cardcom.solutions; tests point it at a local stand-in. */
  apiUrl: string;
  /** How long one call may take. */
  timeoutMs?: number;
}

/** A refused or unreadable answer from Cardcom (a developer error, a 4xx/5xx, a broken body). */
export class CardcomError extends Error {
  readonly status: number | null;
  readonly code: number | null;
  constructor(message: string, status: number | null = null, code: number | null = null, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "CardcomError";
    this.status = status;
    this.code = code;
  }
}

const API_PATH = "/api/v11";
const TIMEOUT_MS = 10_000;
/** Cardcom's answers are small (a deal is a few kilobytes); anything larger is not one. */
const MAX_ANSWER_BYTES = 256 * 1024;

/** ISOCoinId: "1 - ILS, 2 - USD" (the two currencies Lomda's prices are in). */
export const COIN_IDS: ReadonlyMap<string, number> = new Map([
  ["ILS", 1],
  ["USD", 2],
]);
export const COINS: ReadonlyMap<number, string> = new Map([...COIN_IDS].map(([currency, id]) => [id, currency]));

export const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Agorot (cents) to Cardcom's decimal amount: 4900 → 49, 12345 → 123.45. */
export const toAmount = (cents: number) => cents / 100;

/** Cardcom's decimal amount to agorot; null when it is not a whole number of them. */
export function toCents(amount: number | null | undefined): number | null {
  if (typeof amount !== "number" || !Number.isFinite(amount)) return null;
  const cents = Math.round(amount * 100);
  return Math.abs(amount * 100 - cents) < 1e-6 ? cents : null;
}

const errorAnswer = z.object({ ResponseCode: z.number().int().nullish(), Description: z.string().nullish() });

export class CardcomApi {
  readonly credentials: CardcomCredentials;
  /** The API's origin: the only one a hosted page may be on. */
  readonly origin: string;

  constructor(credentials: CardcomCredentials) {
    this.credentials = credentials;
    this.origin = new URL(credentials.apiUrl).origin;
  }

  /** TerminalNumber and ApiName, as every call starts. */
  get user() {
    return { TerminalNumber: this.credentials.terminal, ApiName: this.credentials.apiName };
  }

  /** ApiName and ApiPassword, for the calls that ask for the password; throws when it is not set. */
  get passwordUser() {
    const { apiName, apiPassword } = this.credentials;
    if (!apiPassword) throw new CardcomError("CARDCOM_API_PASSWORD is not set: this call needs the API password");
    return { ApiName: apiName, ApiPassword: apiPassword };
  }

  /** One POST to the API: JSON both ways, a timeout, no redirects followed, the answer's size capped. */
  async call(path: string, payload: object): Promise<{ status: number; body: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${this.origin}${API_PATH}/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(payload),
        redirect: "manual",
        signal: AbortSignal.timeout(this.credentials.timeoutMs ?? TIMEOUT_MS),
      });
    } catch (error) {
      throw new CardcomError(`${path}: ${error instanceof Error ? error.message : "network error"}`, null, null, error);
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new CardcomError(`${path}: an unexpected redirect`, response.status);
    }
    const text = await readCapped(
      response,
      MAX_ANSWER_BYTES,
      () => new CardcomError(`${path}: an answer larger than ${MAX_ANSWER_BYTES} bytes`, response.status),
    );
    if (text === "") return { status: response.status, body: null };
    try {
      return { status: response.status, body: JSON.parse(text) as unknown };
    } catch {
      throw new CardcomError(`${path}: the answer is not JSON`, response.status);
    }
  }
}

/** A 4xx/5xx or an answer that does not parse, as an error naming the call and Cardcom's own words. */
export function refusal(path: string, status: number, body: unknown): CardcomError {
  const error = errorAnswer.safeParse(body);
  const detail = error.success ? `${error.data.ResponseCode ?? ""} ${error.data.Description ?? ""}`.trim() : "";
  return new CardcomError(
    `${path} answered ${status}${detail ? `: ${detail}` : ""}`,
    status,
    error.success ? (error.data.ResponseCode ?? null) : null,
  );
}

/** The call gave up waiting (a caller retrying after that would only wait twice as long). */
export function isTimeout(error: CardcomError): boolean {
  const cause = error.cause;
  return cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError");
}
