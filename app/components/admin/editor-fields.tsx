import { useTranslation } from "~/i18n/use-translation";
import { ADMIN_LIMITS, DEFAULT_COVER } from "~/models/catalogue-admin.schema";
import { SelectField, TextField, useBuilderLabels, type FormValues } from "./builder-form";
import { PublicUrls } from "./builder-parts";

/**
 * "Preview as student": the public page with its drafts, which only an admin can open (`?preview=1`;
 * anyone else gets the published page, or "page not found" for a draft).
 */
export function PreviewLink({ path, className = "" }: { path: string | undefined; className?: string }) {
  const { t } = useTranslation();
  if (!path) return null;
  return (
    <p className={`text-sm ${className}`}>
      <a
        href={`${path}?preview=1`}
        className="inline-flex min-h-6 items-center font-semibold text-brand-800 underline"
        data-testid="preview-link"
      >
        {t("courseAdmin.previewAsStudent")}
      </a>
      <span className="block text-ink-600">{t("courseAdmin.previewHint")}</span>
    </p>
  );
}

/** An existing catalogue's or list's short name and public addresses, above its form. */
export function AddressDetails({ slug, paths }: { slug: string; paths: string[] }) {
  const { t } = useTranslation();
  const labels = useBuilderLabels();
  return (
    <dl className="mb-5 grid gap-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
      <dt className="font-semibold">{labels.slug}</dt>
      <dd>
        <bdi dir="ltr" className="font-mono">
          {slug}
        </bdi>
      </dd>
      <dt className="font-semibold">{t("courseAdmin.columns.urls")}</dt>
      <dd>
        <PublicUrls paths={paths} />
      </dd>
      <dd className="sm:col-start-2">
        <PreviewLink path={paths[0]} />
      </dd>
    </dl>
  );
}

/** A row's short name: the address it is shown at, set when it is made. */
export function SlugField({ hint }: { hint: string }) {
  return <TextField name="slug" lang="code" required maxLength={ADMIN_LIMITS.slug} hint={hint} />;
}

/** A row's texts in both languages as its form shows them (an empty Hebrew field falls back to English). */
export function bilingualValues<Base extends string>(
  row: { [K in `${Base}En`]: string } & { [K in `${Base}He`]: string | null },
  ...bases: Base[]
): FormValues {
  const texts: Record<string, string | null> = row;
  const values: FormValues = {};
  for (const base of bases) {
    values[`${base}En`] = texts[`${base}En`] ?? "";
    values[`${base}He`] = texts[`${base}He`] ?? "";
  }
  return values;
}

const coverName = (cover: string) => cover.split("/").pop() ?? cover;

/**
 * A course's or a catalogue's cover, chosen from those bundled with the site (`bundled`) — or kept,
 * when it wears an uploaded one (`current`), which the upload section beside it replaces.
 */
export function CoverField({ current, bundled }: { current: string | null; bundled: readonly string[] }) {
  const { t } = useTranslation();
  const options = [
    ...(current && !bundled.includes(current)
      ? [{ value: current, label: t("courseAdmin.coverCurrent", { cover: coverName(current) }) }]
      : []),
    ...bundled.map((cover) => ({
      value: cover,
      label: cover === DEFAULT_COVER ? t("courseAdmin.coverPlain") : coverName(cover),
    })),
  ];
  return <SelectField name="cover" options={options} hint={t("courseAdmin.coverHint")} />;
}
