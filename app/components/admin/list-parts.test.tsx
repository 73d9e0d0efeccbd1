import { renderToStaticMarkup } from "react-dom/server";
import type { ReactNode } from "react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { Pager } from "./pager";
import { RowAction } from "./row-action";

/** Renders inside a router at /admin (Link and Form need one), as the server would. */
function render(ui: ReactNode): string {
  const Stub = createRoutesStub([{ path: "/admin", Component: () => ui }]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin"]} />);
}

describe("Pager", () => {
  it("shows the pages there are, in order, as real links with their relation", () => {
    const html = render(
      <Pager
        label="Accounts pages"
        links={[
          { to: "/admin#accounts-heading", label: "Newest" },
          { to: null, label: "Newer", rel: "prev" },
          { to: "/admin?accounts=abc#accounts-heading", label: "Older", rel: "next" },
        ]}
      />,
    );
    expect(html).toContain(
      '<nav aria-label="Accounts pages" class="mt-4 flex flex-wrap items-center gap-3" data-testid="pager">',
    );
    const links = [...html.matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)].map(([, attributes, text]) => ({ attributes, text }));
    expect(links.map((link) => link.text)).toEqual(["Newest", "Older"]);
    expect(links[0]!.attributes).toContain('href="/admin#accounts-heading"');
    expect(links[0]!.attributes).not.toContain("rel=");
    expect(links[1]!.attributes).toContain('rel="next"');
    expect(links[1]!.attributes).toContain('href="/admin?accounts=abc#accounts-heading"');
  });

  it("is not there when the list has one page", () => {
    expect(render(<Pager label="Payments pages" links={[{ to: null, label: "Older", rel: "next" }]} />)).toBe("");
  });
});

describe("RowAction", () => {
  it("posts the intent and the row's fields, and names its row for screen readers", () => {
    const html = render(<RowAction intent="revoke" fields={{ id: "c-1" }} label="Revoke" about="Dana, React" />);
    const form = html.match(/^<form ([^>]*)>/)![1]!;
    expect(form).toContain('method="post"');
    expect(form).not.toContain("class=");
    expect(html).toContain('<input type="hidden" name="intent" value="revoke"/>');
    expect(html).toContain('<input type="hidden" name="id" value="c-1"/>');
    expect(html).toContain(
      '<button type="submit" class="btn btn-secondary px-3 py-1">Revoke<span class="sr-only">: Dana, React</span></button>',
    );
  });

  it("has a compact, red form for taking something away, with every field it is given", () => {
    const html = render(
      <RowAction intent="handle" fields={{ id: "s-1", kind: "contact" }} label="Reject" danger compact />,
    );
    expect(html).toMatch(/^<form class="inline" [^>]*method="post">/);
    expect(html).toContain('<input type="hidden" name="kind" value="contact"/>');
    expect(html).toContain(
      '<button type="submit" class="btn border border-danger-700 text-danger-700 hover:bg-red-50 px-2 py-1 text-xs">Reject</button>',
    );
  });

  it("takes a whole accessible name where a page gives one", () => {
    const html = render(
      <RowAction
        intent="disable-account"
        fields={{ email: "dana@example.org" }}
        label="Disable"
        name="Disable dana@example.org"
        danger
        compact
      />,
    );
    expect(html).toContain(
      '<input type="hidden" name="intent" value="disable-account"/><input type="hidden" name="email" value="dana@example.org"/>',
    );
    expect(html).toContain(
      '<button type="submit" class="btn border border-danger-700 text-danger-700 hover:bg-red-50 px-2 py-1 text-xs" aria-label="Disable dana@example.org">Disable</button>',
    );
  });
});
