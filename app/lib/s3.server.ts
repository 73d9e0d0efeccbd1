import { AwsClient } from "aws4fetch";

/**
 * One S3-compatible bucket, addressed by its URL, reached with requests signed by aws4fetch
 * (decision 0056: the project's only S3 client). Used by the media store (MEDIA_S3_*) and by the
 * backups' copy (BACKUP_S3_*). It adds to aws4fetch what both need and nothing more: object URLs
 * with the key encoded, retries that work with a streamed body (the body is made again for each
 * attempt; aws4fetch's own retries would reuse a consumed stream), S3's XML error as the message,
 * and the keys of a listing.
 */

export interface S3BucketOptions {
  /** Path style (`https://s3.example.com/bucket`) or virtual-host style (`https://bucket.s3.…`). */
  bucketUrl: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Tries per request when S3 answers 5xx or 429 or the connection fails (S3 asks clients to retry those). */
  attempts?: number;
  /** How long an attempt may wait for S3's answer to begin (see `answerDeadlineMs`); tests shorten it. */
  answerWaitMs?: number;
}

/**
 * An attempt that has no answer (its status and headers) after this long is given up and tried
 * again: a storage endpoint that accepts the connection and never answers would otherwise hold an
 * upload, a backup's copy or a cover's request for ever (nothing else times it out). S3 begins its
 * answer within a second or two; 30 s leaves room for a slow link and a busy server.
 */
export const S3_ANSWER_WAIT_MS = 30_000;

/**
 * A body is sent before the answer begins, so a request with one gets longer: time to send its
 * Content-Length at this slowest rate we accept (256 kB/s: a 1 GB video 68 minutes, a 64 MB backup
 * part 4 minutes).
 */
const SLOWEST_UPLOAD_BYTES_PER_MS = 256;

/** How long an attempt may wait for its answer: the base wait, plus the time to send its body. */
export function answerDeadlineMs(baseMs: number, headers: Record<string, string> = {}): number {
  const length = Number(Object.entries(headers).find(([name]) => name.toLowerCase() === "content-length")?.[1] ?? 0);
  return baseMs + (Number.isFinite(length) && length > 0 ? Math.ceil(length / SLOWEST_UPLOAD_BYTES_PER_MS) : 0);
}

export interface S3RequestInit {
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** Made anew for each attempt, so a stream is never sent twice. */
  body?: () => BodyInit;
}

export class S3Bucket {
  readonly url: string;
  private readonly client: AwsClient;
  private readonly attempts: number;
  private readonly answerWaitMs: number;

  constructor(options: S3BucketOptions) {
    this.url = options.bucketUrl.replace(/\/+$/, "");
    this.attempts = options.attempts ?? 3;
    this.answerWaitMs = options.answerWaitMs ?? S3_ANSWER_WAIT_MS;
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      service: "s3",
      region: options.region,
      retries: 0,
    });
  }

  /** The URL of `key` (each segment percent-encoded, "/" kept), with a query if given. */
  urlOf(key: string, query: Record<string, string> = {}): string {
    const path = key === "" ? "" : `/${key.split("/").map(encodeURIComponent).join("/")}`;
    const search = new URLSearchParams(query).toString();
    return `${this.url}${path}${search ? `?${search}` : ""}`;
  }

  /**
   * One signed request, retried on 5xx, 429, network errors and an answer that does not begin in
   * time (`answerDeadlineMs`); any other answer is returned as it is. The deadline covers the wait
   * for the answer to begin, not the reading of its body (a video range read by a slow viewer).
   */
  async send(method: string, key: string, init: S3RequestInit = {}): Promise<Response> {
    const url = this.urlOf(key, init.query);
    const deadlineMs = answerDeadlineMs(this.answerWaitMs, init.headers);
    for (let attempt = 1; ; attempt++) {
      let response: Response | undefined;
      const abort = new AbortController();
      const timer = setTimeout(
        () => abort.abort(new Error(`object storage did not answer ${method} within ${deadlineMs} ms`)),
        deadlineMs,
      );
      try {
        const request = await this.client.sign(url, {
          method,
          headers: init.headers,
          signal: abort.signal,
          ...(init.body ? { body: init.body(), duplex: "half" } : {}),
        } as RequestInit);
        response = await fetch(request);
        if ((response.status < 500 && response.status !== 429) || attempt >= this.attempts) return response;
      } catch (error) {
        if (attempt >= this.attempts) throw abort.signal.aborted ? abort.signal.reason : error;
      } finally {
        clearTimeout(timer);
      }
      await response?.body?.cancel();
      // Exponential back-off with jitter, as S3's documentation asks: about 0.1 s, 0.2 s, 0.4 s…
      await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** (attempt - 1) * (0.5 + Math.random())));
    }
  }

  /**
   * The error for an answer that is not the one expected: S3's own code and message when its body
   * has them (`NoSuchBucket`, `AccessDenied`, `SignatureDoesNotMatch`…). Reads (and so ends) the body.
   */
  async failure(response: Response, method: string, key: string, query?: Record<string, string>): Promise<Error> {
    const text = await response.text().catch(() => "");
    // The path and the query's names (not its values: an upload id or a token says nothing to a reader).
    const what = `${new URL(this.urlOf(key)).pathname}${query ? `?${Object.keys(query).join("&")}` : ""}`;
    return new Error(`object storage answered ${response.status}${describeError(text)} to ${method} ${what}`);
  }

  /** A URL anyone may GET the object with for `seconds` (signature version 4 in the query). */
  async presign(key: string, seconds: number): Promise<string> {
    const signed = await this.client.sign(this.urlOf(key, { "X-Amz-Expires": String(seconds) }), {
      aws: { signQuery: true },
    });
    return signed.url;
  }

  /** Every key under `prefix` (ListObjectsV2, page after page). */
  async listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      // Up to 1000 keys a page (S3's default and maximum).
      const query: Record<string, string> = { "list-type": "2", prefix };
      if (token) query["continuation-token"] = token;
      const response = await this.send("GET", "", { query });
      if (!response.ok) throw await this.failure(response, "GET", "", query);
      const xml = await response.text();
      keys.push(...xmlValues(xml, "Key"));
      token = xmlValues(xml, "IsTruncated")[0] === "true" ? xmlValues(xml, "NextContinuationToken")[0] : undefined;
    } while (token);
    return keys;
  }
}

/** " NoSuchBucket (The specified bucket does not exist)" from S3's XML error body, or "". */
function describeError(xml: string): string {
  const code = xmlValues(xml, "Code")[0];
  const message = xmlValues(xml, "Message")[0];
  return code ? ` ${code}${message ? ` (${message})` : ""}` : "";
}

/**
 * The text of every `<tag>…</tag>` in an S3 answer, entities decoded. S3's answers are flat where
 * this is used (Key, IsTruncated, NextContinuationToken, UploadId, Code, Message: text only, no
 * attributes, no CDATA), so a full XML parser would add a dependency for nothing; a value is XML
 * text, so it holds no "<", and the five named entities and numeric ones are all it can contain.
 */
export function xmlValues(xml: string, tag: string): string[] {
  const values: string[] = [];
  for (const match of xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, "g")))
    values.push(
      match[1]!.replace(/&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(amp|lt|gt|quot|apos));/g, (_, hex, dec, name) =>
        hex || dec
          ? String.fromCodePoint(hex ? parseInt(hex, 16) : Number(dec))
          : { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[name as "amp"],
      ),
    );
  return values;
}

/** Text escaped for an XML element (the key and ETags of a request body). */
export function xmlEscape(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!,
  );
}
