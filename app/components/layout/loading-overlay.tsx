import { useTranslation } from "~/i18n/use-translation";
import { useNavigation } from "react-router";

/**
 * The spinner overlay while a navigation is pending. It fades in after a short delay (CSS), so
 * fast navigations never flash it.
 */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "loading";
  return (
    <div
      data-testid="loading-overlay"
      className={busy ? "loading-overlay is-busy" : "loading-overlay"}
      aria-hidden={!busy}
    >
      <div className="spinner" role="status">
        <span className="sr-only">{busy ? t("a11y.loading") : ""}</span>
      </div>
    </div>
  );
}
