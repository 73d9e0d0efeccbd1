import type { ParseKeys } from "i18next";

/**
 * A key of en.ts that `t()` takes, checked by the compiler (a plural by its base name:
 * "forms.errors.tooMany" for `tooMany_one`/`tooMany_other`). Messages that travel as data — a
 * schema's error, an action's answer — are typed with it, so the page translates them without a cast.
 */
export type TranslationKey = ParseKeys<"translation">;
