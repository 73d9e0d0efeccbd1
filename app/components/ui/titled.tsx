import type { ReactNode } from "react";
import type { TranslationKey } from "~/i18n/keys";
import { useTranslation } from "~/i18n/use-translation";

/** Stands for the title in a translated sentence, so the title itself can be set apart in a <bdi>. */
const TITLE_MARK = "\uE000";

/**
 * A translated sentence around a title, the title isolated (<bdi>) so an English title keeps its
 * place and its quotation marks in a Hebrew sentence, and the other way round: without the isolate,
 * a number after a Latin title joins its left-to-right run ("ב-React: 10" shows as "ב10 :React").
 */
export function useTitled() {
  const { t } = useTranslation();
  return (key: TranslationKey, title: string, params: Record<string, string | number> = {}): ReactNode => {
    const text = t(key, { ...params, title: TITLE_MARK });
    const [before, ...rest] = text.split(TITLE_MARK);
    if (rest.length === 0) return text;
    return (
      <>
        {before}
        <bdi>{title}</bdi>
        {rest.join(title)}
      </>
    );
  };
}
