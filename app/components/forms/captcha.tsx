import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import "altcha/altcha.css";
import { useHydrated } from "~/components/ui/use-hydrated";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "altcha-widget": React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        challenge?: string;
        name?: string;
        language?: string;
        type?: string;
        auto?: string;
      };
    }
  }
}

export type CaptchaMode = "altcha" | "hcaptcha" | "off";

type AltchaGlobal = { algorithms: Map<string, () => Worker> };

/** Loads the ALTCHA widget (without its inline styles, for our CSP) only on pages that have a form. */
async function loadAltcha(locale: string) {
  await import("altcha/external");
  if (locale === "he") await import("altcha/i18n/he");
  const { default: Pbkdf2Worker } = await import("altcha/workers/pbkdf2?worker");
  const altcha = (globalThis as unknown as { $altcha?: AltchaGlobal }).$altcha;
  altcha?.algorithms.set("PBKDF2/SHA-256", () => new Pbkdf2Worker());
}

/** hCaptcha's script, retried up to 2 times (docs/product.md#numbers-the-product-keeps), then a generic loading error. */
function loadHcaptcha(locale: string, attemptsLeft = 3): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = `https://js.hcaptcha.com/1/api.js?render=explicit&hl=${locale}`;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      if (attemptsLeft > 1) loadHcaptcha(locale, attemptsLeft - 1).then(resolve, reject);
      else reject(new Error("hCaptcha could not be loaded"));
    };
    document.head.appendChild(script);
  });
}

/**
 * Calls `start` once, the first time the form around `inside` is used: a field focused, a click or a
 * tap in it, typing. A page whose form is only read loads no widget (issue 35: every script a page
 * loads without interaction counts against its budget); one used is ready long before the person
 * reaches its last field.
 */
function useFirstUse(inside: React.RefObject<HTMLElement | null>, start: () => void) {
  useEffect(() => {
    const form = inside.current?.closest("form") ?? inside.current;
    if (!form) return;
    const events = ["focusin", "pointerdown", "input"] as const;
    const begin = () => {
      for (const name of events) form.removeEventListener(name, begin);
      start();
    };
    if (document.activeElement && form.contains(document.activeElement)) return begin();
    for (const name of events) form.addEventListener(name, begin);
    return () => {
      for (const name of events) form.removeEventListener(name, begin);
    };
    // `start` is the same work for the component's whole life (its inputs are its effect's).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [inside]);
}

/**
 * The human check of a form. ALTCHA: a self-hosted proof of work, solved in the browser. hCaptcha:
 * its widget. Either loads when the form is first used (useFirstUse). Without JavaScript neither can
 * run: the form says so and offers phone and email.
 */
export function Captcha({
  mode,
  siteKey,
  phone,
  email,
}: {
  mode: CaptchaMode;
  siteKey?: string | null;
  phone: string;
  email: string;
}) {
  const { t, i18n } = useTranslation();
  const [loadError, setLoadError] = useState(false);
  const [ready, setReady] = useState(false);
  const hydrated = useHydrated();
  const hcaptchaBox = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [used, setUsed] = useState(false);
  useFirstUse(box, () => setUsed(true));
  useEffect(() => {
    if (!used) return;
    if (mode === "altcha") {
      loadAltcha(i18n.language).then(
        () => setReady(true),
        () => setLoadError(true),
      );
    } else if (mode === "hcaptcha" && siteKey) {
      loadHcaptcha(i18n.language)
        .then(() => {
          const api = (window as unknown as { hcaptcha?: { render(el: HTMLElement, o: { sitekey: string }): void } })
            .hcaptcha;
          if (hcaptchaBox.current && api) api.render(hcaptchaBox.current, { sitekey: siteKey });
          setReady(true);
        })
        .catch(() => setLoadError(true));
    }
  }, [used, mode, siteKey, i18n.language]);

  if (mode === "off") return null;
  return (
    <div ref={box} className="min-h-16" data-testid="captcha" data-ready={ready ? "true" : "false"}>
      <p className="mb-1 text-sm font-semibold text-ink-800">{t("forms.captchaLabel")}</p>
      {hydrated && !used ? (
        <p className="text-sm text-ink-700" data-testid="captcha-waiting">
          {t("forms.captchaWaiting")}
        </p>
      ) : null}
      {mode === "altcha" ? (
        <altcha-widget challenge="/captcha/challenge" name="altcha" language={i18n.language === "he" ? "he" : "en"} />
      ) : (
        <div ref={hcaptchaBox} />
      )}
      {loadError ? (
        <p role="alert" className="mt-1 text-sm font-semibold text-danger-700">
          {t("forms.errors.captchaLoad")}
        </p>
      ) : null}
      {/* Shown until JavaScript runs (not <noscript>: it must also show when scripts fail to load). */}
      {!hydrated ? (
        <p className="mt-1 text-sm text-ink-700" data-testid="captcha-noscript">
          {t("forms.captchaNoScript", { phone, email })}
        </p>
      ) : null}
    </div>
  );
}
