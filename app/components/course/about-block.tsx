import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";
import { CheckIcon } from "~/components/ui/check-icon";

/**
 * The About Us block (skilled instructors, online classes, international certificate): home and
 * /about. On /about it comes right under the header and its picture is the largest thing in the first
 * screen, so `aboveTheFold` loads it at once and first; on home it lies below the hero (lazy).
 */
export function AboutBlock({ aboveTheFold = false }: { aboveTheFold?: boolean }) {
  const { t } = useTranslation();
  const points = ["point1", "point2", "point3", "point4"] as const;
  return (
    <section
      aria-labelledby="about-block-title"
      className="container-page grid items-center gap-10 py-20 lg:grid-cols-2"
    >
      <img
        src="/images/about.svg"
        alt=""
        width={640}
        height={480}
        loading={aboveTheFold ? "eager" : "lazy"}
        fetchPriority={aboveTheFold ? "high" : undefined}
        className="w-full rounded-[var(--radius-card)]"
      />
      <div>
        <p className="text-sm font-bold tracking-wide text-brand-700">{t("aboutBlock.eyebrow")}</p>
        <h2 id="about-block-title" className="mt-1 text-3xl font-extrabold sm:text-4xl">
          {t("aboutBlock.title")}
        </h2>
        <p className="mt-4 text-ink-700">{t("aboutBlock.text1")}</p>
        <p className="mt-3 text-ink-700">{t("aboutBlock.text2")}</p>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {points.map((point) => (
            <li key={point} className="flex items-center gap-2 font-semibold text-ink-800">
              <CheckIcon className="size-5 text-brand-700" />
              {t(`aboutBlock.${point}`)}
            </li>
          ))}
        </ul>
        <Link to="/about" className="btn btn-primary btn-lg mt-8">
          {t("aboutBlock.cta")}
        </Link>
      </div>
    </section>
  );
}
