/**
 * A lesson's YouTube link, in any of the forms people paste, reduced to the 11-character video id
 * (the only thing Lomda stores and embeds). Pure: usable in forms, actions and tests alike.
 */

/** A YouTube video id: 11 characters of the URL-safe base64 alphabet. */
export const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

const MAX_INPUT = 2048;

/** Hosts of youtube.com itself (watch pages, embeds, shorts, live). */
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);
/** The privacy-enhanced embed host (embeds only). */
const NOCOOKIE_HOSTS = new Set(["youtube-nocookie.com", "www.youtube-nocookie.com"]);
/** The short-link host: youtu.be/<id>. */
const SHORT_HOSTS = new Set(["youtu.be", "www.youtu.be"]);

/** /embed/ID, /shorts/ID, /live/ID, /v/ID (an old embed form), with an optional trailing slash. */
const PATH_ID = /^\/(?:embed|shorts|live|v)\/([A-Za-z0-9_-]{11})\/?$/;
const EMBED_ID = /^\/embed\/([A-Za-z0-9_-]{11})\/?$/;
const SHORT_ID = /^\/([A-Za-z0-9_-]{11})\/?$/;

export function isYouTubeId(value: unknown): value is string {
  return typeof value === "string" && YOUTUBE_ID.test(value);
}

/** The URL to parse: the text as typed, with https:// added when it names no scheme. */
function asUrl(text: string): URL | null {
  let candidate: string;
  if (/^https?:\/\//i.test(text)) candidate = text;
  else if (text.startsWith("//")) candidate = `https:${text}`;
  // Any other scheme (javascript:, data:, ftp:…) is refused; "host:port/…" is not a scheme.
  else if (/^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^/:?#]+:\d+(?:[/?#]|$)/.test(text)) return null;
  else candidate = `https://${text}`;
  try {
    return new URL(candidate);
  } catch {
    return null;
  }
}

/**
 * The video id of a YouTube link (watch?v=, youtu.be/, embed/, shorts/, live/, youtube-nocookie
 * embeds; with or without a scheme, extra parameters in any order, www./m./music. hosts) or of a
 * bare 11-character id; null for anything else.
 */
export function parseYouTubeId(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const text = input.trim();
  if (!text || text.length > MAX_INPUT) return null;
  if (YOUTUBE_ID.test(text)) return text;
  if (/\s/.test(text)) return null;

  const url = asUrl(text);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");

  let id: string | null | undefined;
  if (YOUTUBE_HOSTS.has(host)) {
    if (/^\/watch\/?$/.test(url.pathname)) id = url.searchParams.get("v");
    else id = PATH_ID.exec(url.pathname)?.[1];
  } else if (NOCOOKIE_HOSTS.has(host)) {
    id = EMBED_ID.exec(url.pathname)?.[1];
  } else if (SHORT_HOSTS.has(host)) {
    id = SHORT_ID.exec(url.pathname)?.[1];
  }
  return isYouTubeId(id) ? id : null;
}
