import type { Selectable } from "kysely";
import type { Database } from "~/lib/db.server";

/*
 * A quiz question's options live in six columns, option_1…option_6 (and their Hebrew): a question
 * has MIN_OPTIONS to MAX_OPTIONS (quiz.limits.ts), always the first N, the rest null (migration 0030,
 * finding D-M10).
 */

type Row = Pick<
  Selectable<Database["quiz_questions"]>,
  | "option_1"
  | "option_2"
  | "option_3"
  | "option_4"
  | "option_5"
  | "option_6"
  | "option_1_he"
  | "option_2_he"
  | "option_3_he"
  | "option_4_he"
  | "option_5_he"
  | "option_6_he"
>;

/** A row's options in order, and their Hebrew (null: show the English), as many as it has. */
export function optionsOfRow(row: Row): { options: string[]; optionsHe: (string | null)[] } {
  const english = [row.option_1, row.option_2, row.option_3, row.option_4, row.option_5, row.option_6];
  const hebrew = [row.option_1_he, row.option_2_he, row.option_3_he, row.option_4_he, row.option_5_he, row.option_6_he];
  const count = english.findIndex((option) => option === null || option === "");
  const options = (count === -1 ? english : english.slice(0, count)) as string[];
  return { options, optionsHe: hebrew.slice(0, options.length) };
}

/** The six option columns of a question with these options (two to six) and their Hebrew. */
export function optionColumns(options: readonly string[], optionsHe: readonly (string | null | undefined)[] = []) {
  const at = (index: number) => options[index] ?? null;
  const heAt = (index: number) => (index < options.length ? (optionsHe[index] ?? null) : null);
  return {
    option_1: options[0]!,
    option_2: options[1]!,
    option_3: at(2),
    option_4: at(3),
    option_5: at(4),
    option_6: at(5),
    option_1_he: heAt(0),
    option_2_he: heAt(1),
    option_3_he: heAt(2),
    option_4_he: heAt(3),
    option_5_he: heAt(4),
    option_6_he: heAt(5),
  };
}
