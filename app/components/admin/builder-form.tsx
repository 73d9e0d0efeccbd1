import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { Form, useNavigation } from "react-router";
import { Field, FieldError as ErrorLine, type FieldControlProps } from "~/components/ui/field";
import {
  OPTION_FIELDS,
  parseAdminForm,
  readAdminForm,
  type AdminFormName,
  type FieldError,
  type FieldErrors,
} from "~/models/catalogue-admin.schema";

/**
 * The course builder's forms: a real POST form (works without JavaScript), checked in the browser
 * with the same zod schema the server uses, an error summary at the top whose links lead to the
 * fields, and labelled fields whose errors are tied to them (aria-invalid, aria-describedby).
 */

export type FormValues = Record<string, string | string[] | undefined>;

interface FormState {
  errors: FieldErrors;
  values: FormValues;
  labels: Record<string, string>;
}

const FormContext = createContext<FormState>({ errors: {}, values: {}, labels: {} });

export const fieldId = (name: string) => `f-${name}`;
const errorId = (name: string) => `f-${name}-error`;
const hintId = (name: string) => `f-${name}-hint`;
/** The tests' name for a field's error line (its id is `f-<name>-error`). */
const errorTestId = (name: string) => `${name}-error`;

const inputClass =
  "w-full rounded-md border border-ink-300 bg-white px-3 py-2 text-ink-900 aria-[invalid=true]:border-danger-700";

/** Translates a message of the schema or the model: a key, or a key with what it names (in the reader's language). */
export function useMessage() {
  const { t, i18n } = useTranslation();
  return (error: FieldError) => {
    if (typeof error === "string") return t(error);
    const he = i18n.language === "he";
    const params = Object.fromEntries(
      Object.entries(error.params).map(([name, value]) => [
        name,
        typeof value === "object" ? (he ? value.he : value.en) : value,
      ]),
    );
    return t(error.key, params);
  };
}

/** The list of problems above a form: announced, focused after a failed submit, each linking to its field. */
export function ErrorSummary({ errors, labels }: { errors: FieldErrors; labels: Record<string, string> }) {
  const { t } = useTranslation();
  const message = useMessage();
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(errors).filter((entry): entry is [string, FieldError] => entry[1] !== undefined);
  const fieldCount = entries.filter(([field]) => field !== "form").length;
  useEffect(() => {
    if (entries.length === 0) return;
    ref.current?.focus();
    // The router settles the scroll position after a form's answer is shown (it keeps where the
    // Save button was): bring the summary into view after that, or a sighted admin sees no error.
    const frame = requestAnimationFrame(() => ref.current?.scrollIntoView({ block: "center" }));
    return () => cancelAnimationFrame(frame);
  }, [errors, entries.length]);
  if (entries.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
      className="rounded-md border-2 border-danger-700 bg-red-50 p-4 text-danger-700"
      data-testid="error-summary"
    >
      <h2 id="error-summary-title" className="font-bold">
        {fieldCount > 0 ? t("courseAdmin.errorSummary", { count: fieldCount }) : t("courseAdmin.notSaved")}
      </h2>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        {entries.map(([field, key]) => (
          <li key={field}>
            {field === "form" ? (
              message(key)
            ) : (
              <a href={`#${fieldId(field)}`} className="underline">
                {labels[field] ? `${labels[field]}: ` : ""}
                {message(key)}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A builder form: `intent` "save" by default. Before sending, the shared schema checks the fields
 * in the browser; the server checks them again, with what only it knows (unique slugs, free URLs).
 */
export function BuilderForm({
  form,
  errors: serverErrors,
  values,
  labels,
  submitLabel,
  testId,
  version,
  children,
}: {
  form: AdminFormName;
  /** The row's version the form is made from (an edit form): a save from an older one is refused. */
  version?: number | null;
  errors?: FieldErrors;
  values: FormValues;
  labels: Record<string, string>;
  submitLabel: string;
  testId?: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  // A new answer from the server replaces what the browser found.
  const [seen, setSeen] = useState(serverErrors);
  if (seen !== serverErrors) {
    setSeen(serverErrors);
    setClientErrors(null);
  }
  const errors = clientErrors ?? serverErrors ?? {};
  return (
    <FormContext.Provider value={{ errors, values, labels }}>
      <Form
        method="post"
        noValidate
        className="space-y-5"
        data-testid={testId}
        onSubmit={(event) => {
          const parsed = parseAdminForm(form, readAdminForm(form, new FormData(event.currentTarget)));
          if (parsed.ok) {
            setClientErrors(null);
            return;
          }
          event.preventDefault();
          setClientErrors(parsed.errors);
        }}
      >
        <input type="hidden" name="intent" value="save" />
        {version ? <input type="hidden" name="version" value={version} /> : null}
        <ErrorSummary errors={errors} labels={labels} />
        {children}
        <button type="submit" className="btn btn-primary" disabled={navigation.state === "submitting"}>
          {submitLabel}
        </button>
      </Form>
    </FormContext.Provider>
  );
}

function useField(name: string, hint?: ReactNode) {
  const { errors, values, labels } = useContext(FormContext);
  const message = useMessage();
  const error = errors[name];
  const describedBy = [hint ? hintId(name) : null, error ? errorId(name) : null].filter(Boolean).join(" ");
  return {
    label: labels[name] ?? name,
    value: values[name],
    error: error ? message(error) : null,
    aria: {
      "aria-invalid": error ? (true as const) : undefined,
      "aria-describedby": describedBy || undefined,
    },
  };
}

function FieldNotes({ name, hint, error }: { name: string; hint?: ReactNode; error: string | null }) {
  return (
    <>
      {hint ? (
        <p id={hintId(name)} className="mt-1 text-sm text-ink-600">
          {hint}
        </p>
      ) : null}
      <ErrorLine id={errorId(name)} error={error ?? undefined} testId={errorTestId(name)} />
    </>
  );
}

/** The kit's Field under the builder's names: `f-<name>` and its `-hint`, `-error`, tested as `<name>-error`. */
function BuilderField({
  name,
  error,
  ...field
}: {
  name: string;
  label: string;
  hint?: ReactNode;
  error: string | null;
  required?: boolean;
  children: (control: FieldControlProps) => ReactNode;
}) {
  return <Field id={fieldId(name)} error={error ?? undefined} errorTestId={errorTestId(name)} {...field} />;
}

/** Which way text in a field runs: Hebrew right to left, English, codes and paths left to right. */
type Lang = "en" | "he" | "code";
const langProps = (lang?: Lang) =>
  lang === "he"
    ? { lang: "he", dir: "rtl" }
    : lang === "en"
      ? { lang: "en", dir: "ltr" }
      : lang === "code"
        ? { dir: "ltr" }
        : {};

export function TextField({
  name,
  hint,
  lang,
  required = false,
  maxLength,
  inputMode,
  readOnly = false,
}: {
  name: string;
  hint?: ReactNode;
  lang?: Lang;
  required?: boolean;
  maxLength?: number;
  inputMode?: "decimal" | "numeric" | "text" | "url";
  readOnly?: boolean;
}) {
  const field = useField(name, hint);
  return (
    <BuilderField name={name} label={field.label} hint={hint} error={field.error} required={required}>
      {(control) => (
        <input
          {...control}
          name={name}
          defaultValue={typeof field.value === "string" ? field.value : ""}
          aria-required={required || undefined}
          maxLength={maxLength}
          inputMode={inputMode}
          readOnly={readOnly}
          autoComplete="off"
          className={inputClass}
          {...langProps(lang)}
        />
      )}
    </BuilderField>
  );
}

export function TextAreaField({
  name,
  hint,
  lang,
  required = false,
  maxLength,
  rows = 4,
  mono = false,
}: {
  name: string;
  hint?: ReactNode;
  lang?: Lang;
  required?: boolean;
  maxLength?: number;
  rows?: number;
  mono?: boolean;
}) {
  const field = useField(name, hint);
  return (
    <BuilderField name={name} label={field.label} hint={hint} error={field.error} required={required}>
      {(control) => (
        <textarea
          {...control}
          name={name}
          rows={rows}
          defaultValue={typeof field.value === "string" ? field.value : ""}
          aria-required={required || undefined}
          maxLength={maxLength}
          className={`${inputClass} ${mono ? "font-mono text-sm" : ""}`}
          {...langProps(lang)}
        />
      )}
    </BuilderField>
  );
}

export function CheckboxField({ name, hint }: { name: string; hint?: ReactNode }) {
  const field = useField(name, hint);
  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          id={fieldId(name)}
          name={name}
          type="checkbox"
          defaultChecked={field.value === "on"}
          className="size-5"
          {...field.aria}
        />
        <label htmlFor={fieldId(name)} className="text-sm font-semibold text-ink-800">
          {field.label}
        </label>
      </div>
      <FieldNotes name={name} hint={hint} error={field.error} />
    </div>
  );
}

export function SelectField({
  name,
  options,
  hint,
}: {
  name: string;
  options: { value: string; label: string }[];
  hint?: ReactNode;
}) {
  const field = useField(name, hint);
  return (
    <BuilderField name={name} label={field.label} hint={hint} error={field.error}>
      {(control) => (
        <select
          {...control}
          name={name}
          defaultValue={typeof field.value === "string" ? field.value : ""}
          className={inputClass}
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </BuilderField>
  );
}

/** A group of checkboxes sharing one name (several values), in a fieldset with its legend. */
export function CheckboxGroup({
  name,
  choices,
  hint,
  empty,
}: {
  name: string;
  choices: { value: string; label: ReactNode }[];
  hint?: ReactNode;
  empty: string;
}) {
  const field = useField(name, hint);
  const checked = new Set(Array.isArray(field.value) ? field.value : []);
  return (
    <fieldset aria-describedby={field.aria["aria-describedby"]}>
      <legend className="mb-1 text-sm font-semibold text-ink-800">{field.label}</legend>
      {choices.length === 0 ? <p className="text-sm text-ink-600">{empty}</p> : null}
      <ul className="space-y-1">
        {choices.map((choice, index) => (
          // Rows of 32 px: the boxes stay apart enough for a finger (WCAG 2.5.8).
          <li key={choice.value} className="flex min-h-8 items-center gap-2">
            <input
              id={index === 0 ? fieldId(name) : `${fieldId(name)}-${index}`}
              type="checkbox"
              name={name}
              value={choice.value}
              defaultChecked={checked.has(choice.value)}
              className="size-5"
            />
            <label htmlFor={index === 0 ? fieldId(name) : `${fieldId(name)}-${index}`} className="text-sm">
              {choice.label}
            </label>
          </li>
        ))}
      </ul>
      <FieldNotes name={name} hint={hint} error={field.error} />
    </fieldset>
  );
}

/** Radio buttons for one value out of a few, in a fieldset; the first radio carries the field's id. */
export function RadioGroup({ name, choices }: { name: string; choices: { value: string; label: string }[] }) {
  const field = useField(name);
  return (
    <fieldset aria-describedby={field.aria["aria-describedby"]}>
      <legend className="mb-1 text-sm font-semibold text-ink-800">{field.label}</legend>
      <div className="flex flex-wrap gap-4">
        {choices.map((choice, index) => {
          const id = index === 0 ? fieldId(name) : `${fieldId(name)}-${choice.value}`;
          return (
            <span key={choice.value} className="flex items-center gap-2">
              <input
                id={id}
                type="radio"
                name={name}
                value={choice.value}
                defaultChecked={field.value === choice.value}
                className="size-5"
              />
              <label htmlFor={id} className="text-sm">
                {choice.label}
              </label>
            </span>
          );
        })}
      </div>
      <FieldNotes name={name} error={field.error} />
    </fieldset>
  );
}

/** The English and Hebrew fields of one text; the Hebrew one says when it falls back to English. */
export function BilingualFields({
  base,
  multiline = false,
  required = false,
  maxLength,
}: {
  base: string;
  multiline?: boolean;
  required?: boolean;
  maxLength: number;
}) {
  const { t } = useTranslation();
  const { values } = useContext(FormContext);
  const he = `${base}He`;
  const hebrewEmpty = !values[he];
  const hint = hebrewEmpty ? t("courseAdmin.fallsBack") : t("courseAdmin.hebrewOptional");
  const Field = multiline ? TextAreaField : TextField;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Field name={`${base}En`} lang="en" required={required} maxLength={maxLength} />
      <Field name={he} lang="he" maxLength={maxLength} hint={hint} />
    </div>
  );
}

/** The label of every builder field, by input name (a page may rename one, e.g. a lesson's "duration"). */
export function useBuilderLabels(overrides: Record<string, string> = {}): Record<string, string> {
  const { t } = useTranslation();
  return {
    slug: t("courseAdmin.fields.slug"),
    titleEn: t("courseAdmin.fields.titleEn"),
    titleHe: t("courseAdmin.fields.titleHe"),
    descriptionEn: t("courseAdmin.fields.descriptionEn"),
    descriptionHe: t("courseAdmin.fields.descriptionHe"),
    teacherEn: t("courseAdmin.fields.teacherEn"),
    teacherHe: t("courseAdmin.fields.teacherHe"),
    summaryEn: t("courseAdmin.fields.summaryEn"),
    summaryHe: t("courseAdmin.fields.summaryHe"),
    duration: t("courseAdmin.fields.hours"),
    students: t("courseAdmin.fields.students"),
    price: t("courseAdmin.fields.price"),
    currency: t("courseAdmin.fields.currency"),
    soldSeparately: t("courseAdmin.fields.soldSeparately"),
    rating: t("courseAdmin.fields.rating"),
    reviews: t("courseAdmin.fields.reviews"),
    cover: t("courseAdmin.fields.cover"),
    readMore: t("courseAdmin.fields.readMore"),
    join: t("courseAdmin.fields.join"),
    published: t("courseAdmin.fields.published"),
    freeSamples: t("courseAdmin.fields.freeSamples"),
    allFree: t("courseAdmin.fields.allFree"),
    comingSoon: t("courseAdmin.fields.comingSoon"),
    courses: t("courseAdmin.fields.courses"),
    youtube: t("courseAdmin.fields.youtube"),
    followUp: t("courseAdmin.fields.followUp"),
    listId: t("courseAdmin.fields.listId"),
    passPercent: t("courseAdmin.fields.passPercent"),
    question: t("courseAdmin.fields.question"),
    code: t("courseAdmin.fields.code"),
    ...Object.fromEntries(
      OPTION_FIELDS.map((field, index) => [field, t("courseAdmin.fields.option", { number: index + 1 })]),
    ),
    answer: t("courseAdmin.fields.answer"),
    ...overrides,
  };
}
