import { useSignInHref } from "~/components/auth/use-sign-in-href";
import { useTranslation } from "~/i18n/use-translation";

/**
 * Where a locked lesson leads, and what the link says: a visitor to sign in (and back here), a
 * signed-in learner to the subscription (issue 31, D-M3: a locked row explains how to unlock it).
 */
export function useUnlock(signedIn: boolean, learnerHref = "/Payments"): { href: string; label: string } {
  const { t } = useTranslation();
  const signIn = useSignInHref();
  return signedIn ? { href: learnerHref, label: t("video.lockedLearner") } : { href: signIn, label: t("video.locked") };
}
