import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";

/** A finished quiz attempt as the profile and the admin's learner page list it. */
export interface QuizResultRow {
  key: string;
  quiz: string;
  score: number;
  total: number;
  percentage: string;
  date: string;
  /** Its answers' page, for the learner who took it (the admin's page has none: attempts are their owner's). */
  review?: string | null;
}

/** A learner's quiz results: quiz (linked to its answers when given), score, percentage and date. */
export function QuizResultsTable({ rows }: { rows: readonly QuizResultRow[] }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-start" data-testid="quiz-history">
        <thead>
          <tr className="border-b border-ink-200 text-sm text-ink-600">
            {(["quizColumn", "scoreColumn", "percentageColumn", "dateColumn"] as const).map((column) => (
              <th key={column} scope="col" className="py-2 pe-3 text-start">
                {t(`profile.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((h) => (
            <tr key={h.key} className="border-b border-ink-100">
              <td className="py-2 pe-3 font-semibold">
                {h.review ? (
                  <Link
                    to={h.review}
                    className="text-brand-800 underline"
                    aria-label={t("profile.reviewAttempt", { quiz: h.quiz, date: h.date })}
                  >
                    <bdi>{h.quiz}</bdi>
                  </Link>
                ) : (
                  <bdi>{h.quiz}</bdi>
                )}
              </td>
              <td className="py-2 pe-3">{t("profile.scoreOf", { score: h.score, total: h.total })}</td>
              <td className="py-2 pe-3">
                <bdi>{h.percentage}</bdi>
              </td>
              <td className="py-2">{h.date}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A certificate as the profile and the admin's learner page list it. */
export interface CertificateRow {
  id: string;
  course: string;
  date: string;
  revoked: boolean;
}

/** A learner's certificates, each linked to its public page, with "Revoked" where it was. */
export function CertificateList({ items }: { items: readonly CertificateRow[] }) {
  const { t } = useTranslation();
  return (
    <ul className="mt-4 grid gap-2" data-testid="certificates">
      {items.map((c) => (
        <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Link to={`/certificates/${c.id}`} className="font-semibold text-brand-800 underline">
            <bdi>{c.course}</bdi>
          </Link>
          <span className="text-sm text-ink-600">{c.date}</span>
          {c.revoked ? (
            <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-900">
              {t("certificate.profileRevoked")}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
