import { describe, expect, it } from "vitest";
import { encodeCursor, parseCursor, readPage, type PageKey, type PageWindow } from "./keyset.server";

const key: PageKey = { at: "2026-03-01T12:00:00.000Z", id: "0b6f3c2e-4a1d-4f6e-9a7b-2c3d4e5f6a7b" };
const b64 = (text: string) => Buffer.from(text).toString("base64url");

describe("page cursors", () => {
  it("come back as they were written, in both directions", () => {
    for (const towards of ["older", "newer"] as const) {
      const text = encodeCursor({ towards, key });
      expect(text).toMatch(/^[A-Za-z0-9_-]+$/); // safe in a query string as it is
      expect(parseCursor(text)).toEqual({ ok: true, cursor: { towards, key } });
    }
  });

  it("absent or empty means the first page", () => {
    expect(parseCursor(null)).toEqual({ ok: true, cursor: null });
    expect(parseCursor("")).toEqual({ ok: true, cursor: null });
  });

  it("refuses anything this module did not write", () => {
    const good = encodeCursor({ towards: "older", key });
    for (const bad of [
      "x",
      "%%%",
      good.slice(0, -3), // cut short
      `${good}=`, // not base64url
      good + "A".repeat(300), // too long
      b64("not json"),
      b64("{}"),
      b64(JSON.stringify(["o", key.at])),
      b64(JSON.stringify(["x", key.at, key.id])),
      b64(JSON.stringify(["o", "2026-03-01", key.id])), // not a full timestamp
      b64(JSON.stringify(["o", "2026-03-01T12:00:00Z", key.id])), // not the stored form (milliseconds)
      b64(JSON.stringify(["o", "2026-03-01T12:00:00.000+02:00", key.id])),
      b64(JSON.stringify(["o", key.at, "1 OR 1=1"])),
      b64(JSON.stringify(["o", key.at, key.id, "extra"])),
    ]) {
      expect(parseCursor(bad), bad).toEqual({ ok: false });
    }
  });
});

describe("reading a page", () => {
  // 45 rows, newest first: row i has the key (ts(i), id(i)), several to a timestamp.
  const ids = Array.from({ length: 45 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);
  const rows = ids.map((id, i) => ({ id, at: `2026-03-01T12:00:${String(Math.floor(i / 7)).padStart(2, "0")}.000Z` }));
  const compare = (a: PageKey, b: PageKey) => (a.at === b.at ? a.id.localeCompare(b.id) : a.at.localeCompare(b.at));
  const reads: PageWindow[] = [];
  // What the database does with a window: rows strictly past `from`, in order, up to `limit`.
  const read = async (window: PageWindow) => {
    reads.push(window);
    const sorted = [...rows].sort((a, b) => (window.order === "asc" ? compare(a, b) : compare(b, a)));
    const past = window.from
      ? sorted.filter((r) => (window.order === "asc" ? compare(r, window.from!) > 0 : compare(r, window.from!) < 0))
      : sorted;
    return past.slice(0, window.limit);
  };
  const keyOf = (row: PageKey) => row;
  const page = (cursor: string | null) => {
    const parsed = parseCursor(cursor);
    if (!parsed.ok) throw new Error("bad cursor");
    return readPage(parsed.cursor, read, keyOf);
  };

  it("goes older 20, 20, 5 and back newer to the same pages", async () => {
    const first = await page(null);
    const second = await page(first.older);
    const third = await page(second.older);
    expect([first, second, third].map((p) => p.items.length)).toEqual([20, 20, 5]);
    expect([first.newer, third.older]).toEqual([null, null]);
    expect([first.first, second.first, third.first]).toEqual([true, false, false]);
    const all = [...first.items, ...second.items, ...third.items];
    expect(all).toEqual([...rows].sort((a, b) => compare(b, a)));
    expect((await page(third.newer)).items).toEqual(second.items);
    const back = await page(second.newer);
    expect(back.items).toEqual(first.items);
    expect(back).toMatchObject({ first: true, newer: null }); // back at the top: the first page itself
  });

  it("reads one row past the page to know whether there is more, never counting", async () => {
    reads.length = 0;
    await page(null);
    expect(reads).toEqual([{ order: "desc", from: null, limit: 21 }]);
  });
});
