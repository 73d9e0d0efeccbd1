import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field, FieldError } from "./field";

type Element = { tag: string; attributes: Record<string, string>; text: string };

/**
 * The field rendered on its own, read back as its elements in order (react-dom/server's markup is
 * regular: one tag per element, attributes in double quotes; no DOM in this test's environment).
 */
function render(props: Partial<Parameters<typeof Field>[0]> = {}) {
  const html = renderToStaticMarkup(
    <Field id="contact-phone" label="Mobile No" {...props}>
      {(control) => <input {...control} name="phone" />}
    </Field>,
  );
  const elements: Element[] = [];
  for (const [, tag, attrs, text] of html.matchAll(/<(\w+)([^>]*)>([^<]*)/g)) {
    const attributes = Object.fromEntries(
      [...attrs!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map(([, k, v]) => [k!, v ?? ""]),
    );
    elements.push({ tag: tag!, attributes, text: text! });
  }
  const byId = (id: string) => elements.find((el) => el.attributes.id === id);
  return {
    elements,
    byId,
    label: elements.find((el) => el.tag === "label")!,
    input: byId("contact-phone")!.attributes,
  };
}

describe("Field", () => {
  it("ties the label to the control, and says nothing more while the field is fine", () => {
    const { label, input, elements } = render();
    expect(label.attributes.for).toBe("contact-phone");
    expect(label.text).toBe("Mobile No");
    expect(input).toEqual({ id: "contact-phone", name: "phone" });
    expect(elements.map((el) => el.tag)).toEqual(["div", "label", "input"]);
  });

  it("marks a field that must be filled", () => {
    expect(render({ required: true }).input).toEqual({ id: "contact-phone", required: "", name: "phone" });
  });

  it("describes the control by its hint", () => {
    const { byId, input } = render({ hint: "7 to 20 digits" });
    expect(input["aria-describedby"]).toBe("contact-phone-hint");
    expect(input["aria-invalid"]).toBeUndefined();
    expect(byId("contact-phone-hint")!.text).toBe("7 to 20 digits");
  });

  it("marks an invalid field and describes it by its hint, then its error", () => {
    const { byId, input } = render({ hint: "7 to 20 digits", error: "Please enter your phone number." });
    expect(input["aria-invalid"]).toBe("true");
    expect(input["aria-describedby"]).toBe("contact-phone-hint contact-phone-error");
    const error = byId("contact-phone-error")!;
    expect(error.text).toBe("Please enter your phone number.");
    expect(error.attributes["data-testid"]).toBe("contact-phone-error");
  });

  it("names the error as the page asks (the feedback form's error-name)", () => {
    const { byId, input } = render({ error: "Please enter your name.", errorId: "error-name" });
    expect(input["aria-describedby"]).toBe("error-name");
    expect(byId("error-name")!.text).toBe("Please enter your name.");
  });

  it("gives the error the page's test id, its id by default (the builder's slug-error)", () => {
    expect(render({ error: "Taken." }).byId("contact-phone-error")!.attributes["data-testid"]).toBe(
      "contact-phone-error",
    );
    const { byId } = render({ error: "Taken.", errorTestId: "phone-error" });
    expect(byId("contact-phone-error")!.attributes["data-testid"]).toBe("phone-error");
  });

  it("reads a message about the whole form first, then the field's own", () => {
    const { input } = render({ describedBy: "idp-error", hint: "hint", error: "error" });
    expect(input["aria-describedby"]).toBe("idp-error contact-phone-hint contact-phone-error");
    expect(input["aria-invalid"]).toBe("true");
  });

  it("keeps the order a reader meets: label, control, hint, error", () => {
    const { elements } = render({ hint: "hint", error: "error" });
    expect(elements.map((el) => el.attributes.id ?? el.tag)).toEqual([
      "div",
      "label",
      "contact-phone",
      "contact-phone-hint",
      "contact-phone-error",
    ]);
  });
});

describe("FieldError", () => {
  it("renders nothing without an error", () => {
    expect(renderToStaticMarkup(<FieldError id="review-rating-error" />)).toBe("");
  });
});
