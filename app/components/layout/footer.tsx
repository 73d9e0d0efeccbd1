import { useTranslation } from "~/i18n/use-translation";
import { Link, useFetcher, useLocation } from "react-router";
import { useRootData } from "./use-root-data";
import { site } from "~/models/site";
import { isLocale } from "~/i18n/locale";

const QUICK_LINKS = [
  { to: "/about", key: "nav.about" },
  { to: "/courses", key: "nav.courses" },
  { to: "/contact", key: "nav.contact" },
  { to: "/team", key: "nav.team" },
  { to: "/feedback", key: "nav.feedback" },
  // The header's items are fixed by the original (docs/product.md#routes): the quizzes and the
  // library, otherwise only on the home page's tiles and course pages, are found here (D-L16).
  { to: "/test", key: "footer.tests" },
  { to: "/library", key: "footer.library" },
] as const;

const GALLERY = [1, 2, 3, 4, 5, 6];

/** Only when the root loader did not run (its own error page): the year this module loaded. */
const FALLBACK_YEAR = new Date().getUTCFullYear();

function FooterHeading({ children }: { children: React.ReactNode }) {
  return <h2 className="mb-4 text-lg font-bold text-white">{children}</h2>;
}

/** Whether a path is in the admin area (/admin and below): a workspace, with no marketing around it. */
export const isAdminPath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

export function Footer() {
  const { t, i18n } = useTranslation();
  // The admin area's pages end with the copyright line only: no gallery, no newsletter (finding D-L15).
  const admin = isAdminPath(useLocation().pathname);
  // The server's year (root loader), so server and browser render the same copyright line.
  const year = useRootData<{ year: number }>()?.year ?? FALLBACK_YEAR;
  const locale = isLocale(i18n.language) ? i18n.language : "en";
  return (
    <footer className="mt-16 bg-ink-950 text-ink-300 print:hidden">
      {admin ? null : (
        <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
          <section aria-labelledby="footer-links">
            <FooterHeading>
              <span id="footer-links">{t("footer.quickLinks")}</span>
            </FooterHeading>
            <ul className="space-y-2">
              {QUICK_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="footer-link">
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="footer-contact">
            <FooterHeading>
              <span id="footer-contact">{t("footer.contact")}</span>
            </FooterHeading>
            <dl className="space-y-3 text-sm">
              <div>
                <dt className="font-semibold text-ink-100">{t("footer.address")}</dt>
                <dd>{site.address[locale]}</dd>
              </div>
              <div>
                <dt className="font-semibold text-ink-100">{t("footer.phone")}</dt>
                <dd>
                  <a href={`tel:${site.phone.replace(/[^+\d]/g, "")}`} className="footer-link" dir="ltr">
                    {site.phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-semibold text-ink-100">{t("footer.email")}</dt>
                <dd>
                  <a href={`mailto:${site.email}`} className="footer-link" dir="ltr">
                    {site.email}
                  </a>
                </dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="footer-gallery">
            <FooterHeading>
              <span id="footer-gallery">{t("footer.gallery")}</span>
            </FooterHeading>
            <ul className="grid max-w-64 grid-cols-3 gap-2">
              {GALLERY.map((n) => (
                <li key={n}>
                  <img
                    src={`/images/gallery-${n}.webp`}
                    alt={t("footer.galleryImage", { n })}
                    width={80}
                    height={80}
                    loading="lazy"
                    className="aspect-square w-full rounded-md bg-ink-800"
                  />
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="footer-newsletter">
            <FooterHeading>
              <span id="footer-newsletter">{t("footer.newsletter")}</span>
            </FooterHeading>
            <p className="mb-4 text-sm">{t("footer.newsletterText")}</p>
            <NewsletterBox />
          </section>
        </div>
      )}
      <div className="border-t border-ink-800">
        {/* Room below for the back-to-top button (fixed at the bottom end): at the page's end it covers no link. */}
        <div className="container-page flex flex-col items-center justify-between gap-2 pt-5 pb-20 text-sm sm:flex-row">
          <p>{t("footer.copyright", { year })}</p>
          <p className="flex flex-wrap justify-center gap-x-4 gap-y-2">
            <Link to="/" className="footer-link">
              {t("nav.home")}
            </Link>
            <Link to="/contact" className="footer-link">
              {t("nav.contact")}
            </Link>
            <Link to="/terms" className="footer-link">
              {t("footer.terms")}
            </Link>
            <Link to="/privacy" className="footer-link">
              {t("footer.privacy")}
            </Link>
            {/* On every page, the admin area's too: the regulations ask for the statement to be reachable from each. */}
            <Link to="/accessibility" className="footer-link">
              {t("footer.accessibility")}
            </Link>
            {/* On every page too: the Consumer Protection Law asks for an online way to cancel that can be seen from the home page. */}
            <Link to="/cancel" className="footer-link">
              {t("footer.cancel")}
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}

/** One email field and a button: a real form (POST /newsletter), answered in place with JavaScript. */
function NewsletterBox() {
  const { t } = useTranslation();
  const fetcher = useFetcher<{ ok: boolean; error?: string }>({ key: "newsletter" });
  const location = useLocation();
  // After a sign-up without JavaScript, the root loader's flash; it belongs to the page it came back to
  // (the document's first location), not to the pages a later navigation shows.
  const flash = useRootData<{ newsletter: string | null }>()?.newsletter;
  const fromRedirect = location.key === "default" ? flash?.replace("newsletter.", "") : undefined;
  const answer = fetcher.data ? (fetcher.data.ok ? "thanks" : "invalid") : fromRedirect;
  return (
    <fetcher.Form method="post" action="/newsletter" className="max-w-sm" id="newsletter" data-testid="newsletter-box">
      <input type="hidden" name="returnTo" value={`${location.pathname}`} />
      <div className="flex gap-2">
        <label htmlFor="newsletter-email" className="sr-only">
          {t("footer.emailLabel")}
        </label>
        <input
          id="newsletter-email"
          type="email"
          name="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder={t("footer.emailPlaceholder")}
          dir="ltr"
          className="min-w-0 flex-1 rounded-md border border-ink-700 bg-ink-900 px-3 py-2 text-white placeholder:text-ink-400"
        />
        <button type="submit" className="btn btn-primary" disabled={fetcher.state !== "idle"}>
          {t("footer.signUp")}
        </button>
      </div>
      <div className="absolute -start-[9999px]" aria-hidden="true">
        <input name="website" tabIndex={-1} autoComplete="off" aria-label={t("newsletter.honeypot")} />
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm font-semibold text-brand-200" data-testid="newsletter-status">
        {answer === "thanks" ? t("newsletter.thanks") : answer === "invalid" ? t("newsletter.invalid") : ""}
      </p>
    </fetcher.Form>
  );
}
