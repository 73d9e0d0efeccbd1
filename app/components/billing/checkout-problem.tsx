import { useTranslation } from "~/i18n/use-translation";

/** Why /checkout sent the buyer back (?checkout=…), said in their language; nothing for anything else. */
export type CheckoutProblem = "off" | "unavailable" | "failed" | "busy" | "shared";

const MESSAGES = {
  off: "checkout.problemOff",
  unavailable: "checkout.problemUnavailable",
  failed: "checkout.problemFailed",
  busy: "checkout.problemBusy",
  shared: "checkout.problemShared",
} as const;

export function checkoutProblemOf(url: string): CheckoutProblem | null {
  const value = new URL(url).searchParams.get("checkout");
  // Own keys only: `in` also finds what every object inherits (?checkout=constructor was a 500).
  return value !== null && Object.hasOwn(MESSAGES, value) ? (value as CheckoutProblem) : null;
}

export function CheckoutProblemNote({ problem }: { problem: CheckoutProblem | null }) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <p role="alert" className="mb-6 rounded-lg border border-red-200 bg-red-50 p-4 font-semibold text-red-900">
      {t(MESSAGES[problem])}
    </p>
  );
}

/** A buy button: a plain form to /checkout (works without JavaScript), carrying the page's ?lng. */
export function CheckoutButton({
  name,
  value,
  lng,
  coupon = null,
  children,
  className = "btn btn-primary btn-lg",
}: {
  name: "plan" | "course";
  value: string;
  lng: string | null;
  /** A coupon code the page accepted: the checkout checks it again and reserves its use. */
  coupon?: string | null;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <form method="post" action={lng ? `/checkout?lng=${encodeURIComponent(lng)}` : "/checkout"}>
      <input type="hidden" name={name} value={value} />
      {coupon ? <input type="hidden" name="coupon" value={coupon} /> : null}
      <button type="submit" className={className}>
        {children}
      </button>
    </form>
  );
}
