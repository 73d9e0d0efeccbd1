import { en } from "./en";
import { he } from "./he";
import type { Locale } from "./locale";

export const resources = { en, he } as const;

export function translationFor(locale: Locale) {
  return resources[locale];
}
