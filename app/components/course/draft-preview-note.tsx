import { useTranslation } from "~/i18n/use-translation";

/** At the top of an admin's "Preview as student": what they see is not (yet) what everyone sees. */
export default function DraftPreviewNote() {
  const { t } = useTranslation();
  return (
    <p
      className="mb-6 rounded-[var(--radius-card)] border-s-4 border-brand-700 bg-brand-50 p-3 font-semibold text-ink-800"
      data-testid="draft-preview"
    >
      {t("card.draftPreview")}
    </p>
  );
}
