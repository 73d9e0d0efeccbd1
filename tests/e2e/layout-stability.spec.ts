import { PUBLIC_ROUTES } from "../../bench/public-pages.mjs";
import { expect, test } from "./fixtures.ts";

// Issue 16: nothing on a public page moves while it loads (Lighthouse's cumulative layout shift).
// A first visit, nothing cached, on Lighthouse's phone: the text font's subsets, pictures and
// hydration all arrive after the first paint (decision 0026). The Hebrew pages were the case: their
// Latin words (course names, digits) waited for a font subset found only at the first layout, and
// a catalogue's intro re-wrapped a line, moving the course grid (CLS 0.17).

for (const lng of ["en", "he"] as const)
  test(`no public page shifts while it loads, on a first visit (${lng})`, async ({ browser }) => {
    test.setTimeout(90_000);
    const shifted: Record<string, number[]> = {};
    for (const path of PUBLIC_ROUTES) {
      // A context of its own per page: a font or picture cached by the page before hides the shift.
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) shifts.push(entry.value);
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(`${path}?lng=${lng}`);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      // Shifts are reported with the frame that showed them: one more frame after the fonts.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
      const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
      if (shifts.length) shifted[path] = shifts;
      expect(errors, path).toEqual([]);
      await context.close();
    }
    expect(shifted).toEqual({});
  });
