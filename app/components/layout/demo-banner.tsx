import { useTranslation } from "~/i18n/use-translation";
import { useRootData } from "./use-root-data";

/** On every page in demo mode (`npm start`): the sign-in accepts demo accounts whose password is public. */
export function DemoBanner() {
  const { t } = useTranslation();
  const demo = useRootData<{ demo?: boolean }>()?.demo ?? false;
  if (!demo) return null;
  return (
    <aside
      aria-label={t("demo.label")}
      data-testid="demo-banner"
      className="bg-ink-900 px-4 py-1.5 text-center text-sm text-white print:hidden"
    >
      <strong>{t("demo.label")}</strong> · {t("demo.text")}
    </aside>
  );
}
