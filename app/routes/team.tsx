import { useTranslation } from "~/i18n/use-translation";
import { PeopleGrid } from "~/components/course/person-card";
import { PageHeader } from "~/components/layout/page-header";
import { SectionHeading } from "~/components/ui/section-heading";
import { pageMeta } from "~/lib/meta";
import { pageContext } from "~/context.server";
import { teamView } from "~/models/catalogue-view.server";
import type { Route } from "./+types/team";
import type { StringsHandle } from "~/i18n/sections";

/** The string sections this page shows besides the frame's (app/i18n/sections.ts). */
export const handle = { strings: ["team"] } satisfies StringsHandle;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, t, meta } = pageContext(context, request);
  return { meta: meta(t("team.metaTitle"), t("team.description")), sections: teamView(locale) };
}

export const meta = ({ loaderData }: Route.MetaArgs) => pageMeta(loaderData?.meta);

export default function Team({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("team.title")} />
      {loaderData.sections.map((section, i) => (
        <section
          key={section.key}
          aria-labelledby={`team-${section.key}`}
          className={i % 2 ? "bg-ink-50 py-16" : "py-16"}
        >
          <div className="container-page">
            <SectionHeading id={`team-${section.key}`} eyebrow={t("team.title")} title={section.title} />
            <PeopleGrid people={section.members} labelledBy={`team-${section.key}`} firstScreen={i === 0} />
          </div>
        </section>
      ))}
    </>
  );
}
