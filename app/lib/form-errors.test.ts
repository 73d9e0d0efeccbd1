import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors, type FormMessages } from "./form-errors";

const E = {
  nameRequired: "forms.errors.nameRequired",
  emailInvalid: "forms.errors.emailInvalid",
  unknownField: "forms.errors.unknownField",
  mismatch: "account.errors.mismatch",
} as const;
type Key = (typeof E)[keyof typeof E];

const schema = z
  .object({
    name: z.string().trim().min(1, { error: E.nameRequired }),
    email: z.email({ error: E.emailInvalid }),
    // A check written without a message: zod's own English.
    code: z.string().max(3),
    token: z.string().min(1),
  })
  .strict()
  .refine((value) => value.name !== value.email, { error: E.mismatch });

const FORM: FormMessages<"name" | "email" | "code", Key> = {
  fields: ["name", "email", "code"],
  messages: Object.values(E),
  fallback: E.nameRequired,
  unknownField: E.unknownField,
};

const errorsOf = (raw: unknown, form = FORM) => {
  const result = schema.safeParse(raw);
  if (result.success) throw new Error("expected a failed parse");
  return fieldErrors(result.error.issues, form);
};

describe("fieldErrors", () => {
  it("gives each field the translation key of its first issue", () => {
    expect(errorsOf({ name: " ", email: "nope", code: "a", token: "t" })).toEqual({
      name: E.nameRequired,
      email: E.emailInvalid,
    });
  });

  it("keeps the first message when a field fails twice", () => {
    const issues = [
      { code: "custom", path: ["email"], message: E.emailInvalid },
      { code: "custom", path: ["email"], message: E.nameRequired },
    ];
    expect(fieldErrors(issues, FORM)).toEqual({ email: E.emailInvalid });
  });

  it("gives a message that is no key of the form (zod's English) the form's fallback", () => {
    expect(errorsOf({ name: "a", email: "a@b.co", code: "toolong", token: "t" })).toEqual({ code: E.nameRequired });
  });

  it("does not show such a message when the form has no fallback", () => {
    const { fallback: _, ...strict } = FORM;
    expect(errorsOf({ name: " ", email: "a@b.co", code: "toolong", token: "t" }, strict)).toEqual({
      name: E.nameRequired,
    });
  });

  it("does not show an issue of a field the form does not show (a hidden token)", () => {
    expect(errorsOf({ name: "a", email: "a@b.co", code: "a", token: "" })).toEqual({});
  });

  it("puts fields the form does not have on the whole form, when the form says how", () => {
    expect(errorsOf({ name: "a", email: "a@b.co", code: "a", token: "t", admin: "1" })).toEqual({
      form: E.unknownField,
    });
    const { unknownField: _, ...lenient } = FORM;
    expect(errorsOf({ name: "a", email: "a@b.co", code: "a", token: "t", admin: "1" }, lenient)).toEqual({});
  });

  it("puts an issue without a path on the whole form", () => {
    const issues = [{ code: "custom", path: [], message: E.mismatch }];
    expect(fieldErrors(issues, FORM)).toEqual({ form: E.mismatch });
  });

  it("never takes a path of the object's prototype for a field", () => {
    const issues = [{ code: "custom", path: ["__proto__"], message: E.mismatch }];
    const errors = fieldErrors(issues, FORM);
    expect(Object.keys(errors)).toEqual([]);
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
  });
});
