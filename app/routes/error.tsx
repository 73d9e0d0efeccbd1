import { NotFoundPage } from "~/components/layout/error-pages";
import { localeContext } from "~/context.server";
import type { Route } from "./+types/error";

/** /error: the original's error route shows the same page as an unknown path. */
export async function loader({ context }: Route.LoaderArgs) {
  return { title: context.get(localeContext).i18n.t("notFound.metaTitle") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
}

export default function ErrorRoute() {
  return <NotFoundPage />;
}
