import { useTranslation } from "~/i18n/use-translation";
import { Link } from "react-router";

export function Logo() {
  const { t } = useTranslation();
  return (
    <Link to="/" className="flex items-center gap-2 text-2xl font-extrabold tracking-tight text-brand-700">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M9 11l-4 5 4 5M23 11l4 5-4 5M18 8l-4 16"
          stroke="#fff"
          strokeWidth="2.4"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span>{t("site.name")}</span>
    </Link>
  );
}
