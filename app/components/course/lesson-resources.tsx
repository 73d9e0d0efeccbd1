import { useTranslation } from "~/i18n/use-translation";
import { formatFileSize } from "~/i18n/format";
import type { ResourceView } from "~/models/catalogue.types";

/** The files its teacher attached to a lesson (issue 32), on its page: downloads, with their kind and size. */
export function LessonResources({ resources }: { resources: ResourceView[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="mt-8" aria-labelledby="lesson-resources-heading" data-testid="lesson-resources">
      <h2 id="lesson-resources-heading" className="text-xl font-bold text-ink-900">
        {t("video.resources")}
      </h2>
      <ul className="mt-2 space-y-1">
        {resources.map((resource) => (
          <li key={resource.href}>
            <a href={resource.href} download={resource.name} className="text-brand-700 underline underline-offset-2">
              <bdi>{resource.name}</bdi>
            </a>{" "}
            <span className="text-ink-600">
              ({t(`video.resourceType.${resourceKind(resource.type)}`)},{" "}
              <span dir="ltr">{formatFileSize(resource.size, i18n.language)}</span>)
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const resourceKind = (type: string) =>
  type === "application/pdf" ? "pdf" : type === "application/zip" ? "zip" : "text";
