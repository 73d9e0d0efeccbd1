import { existsSync } from "node:fs";

/**
 * Debian's headless shell (package chromium-headless-shell), the build Playwright itself runs headless
 * tests in: the same Blink and V8 as Debian's chromium without the desktop browser around them, about
 * a third of the CPU per test (docs/decisions/0019).
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

/**
 * The Chromium the browser tests and the scripts run: CHROMIUM_PATH, else the headless shell, else the
 * full browser when only it is installed.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
