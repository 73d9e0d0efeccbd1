import { useTranslation } from "~/i18n/use-translation";
import { BackToTop } from "./back-to-top";
import { DemoBanner } from "./demo-banner";
import { Footer } from "./footer";
import { LoadingOverlay } from "./loading-overlay";
import { Navbar } from "./navbar";
import { RouteAnnouncer } from "./route-announcer";

/** The frame every page shares: skip link, navigation, main content, footer. */
export function SiteChrome({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <a href="#main" className="skip-link print:hidden">
        {t("a11y.skipToContent")}
      </a>
      <LoadingOverlay />
      <DemoBanner />
      <Navbar />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <Footer />
      <BackToTop />
      <RouteAnnouncer />
    </>
  );
}
