import { Link } from "react-router";
import { useTranslation } from "~/i18n/use-translation";
import type { CertificateState } from "~/models/catalogue.types";

/** On a list page, for a signed-in learner: their certificate, or what earns it. */
export function CertificateNote({ state }: { state: CertificateState }) {
  const { t } = useTranslation();
  if (state.kind === "earned")
    return (
      <p
        className="mt-4 flex flex-wrap items-center gap-3 rounded-[var(--radius-card)] bg-green-50 p-3 font-semibold text-success-700"
        data-testid="certificate-earned"
      >
        {t("certificate.earned")}
        <Link to={state.href} className="btn btn-primary px-3 py-1">
          {t("certificate.view")}
        </Link>
      </p>
    );
  if (state.kind === "locked")
    return (
      <p className="mt-3 text-sm text-ink-600" data-testid="certificate-hint">
        {t("certificate.hintLocked")}
      </p>
    );
  return (
    <p className="mt-3 text-sm text-ink-600" data-testid="certificate-hint">
      {state.quiz ? t("certificate.hintQuiz", { percent: state.quiz.passPercent }) : t("certificate.hint")}{" "}
      {state.quiz ? (
        <Link to={state.quiz.href} className="font-semibold text-brand-800 underline">
          {t("certificate.takeQuiz")}
        </Link>
      ) : null}
    </p>
  );
}
