import { COMMON_PASSWORDS } from "./common-passwords";

/**
 * The password rule of the embedded provider's accounts (ASVS 5.0 V6.2): at least 12 characters,
 * at most 200, and not a common password — neither one of the list, nor a common word dressed up
 * with digits or symbols before or after it, nor a repeated one ("passwordpassword", "qwerty123456!").
 */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 200;

const COMMON = new Set(COMMON_PASSWORDS.split("\n"));

function isRepetition(value: string): boolean {
  for (let size = 1; size <= value.length / 2; size++) {
    if (value.length % size === 0 && value.slice(0, size).repeat(value.length / size) === value) return true;
  }
  return false;
}

/** Whether a password is too common to allow (checked before the length rule, whatever its length). */
export function isCommonPassword(password: string): boolean {
  const value = password.normalize("NFKC").toLowerCase();
  if (COMMON.has(value) || isRepetition(value)) return true;
  // The core once digits, spaces and symbols around it are taken away.
  const core = value.replace(/^[^\p{L}]+/u, "").replace(/[^\p{L}]+$/u, "");
  if (!core) return true; // only digits and symbols: "1234567890!!"
  if (COMMON.has(core)) return true;
  for (let size = 1; size <= core.length / 2; size++) {
    const part = core.slice(0, size);
    if (core.length % size === 0 && part.repeat(core.length / size) === core && (COMMON.has(part) || size < 4))
      return true;
  }
  return false;
}

export type PasswordProblem = "tooShort" | "tooLong" | "common";

/** Why a new password is refused, or null when it is acceptable. */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return "tooShort";
  if (length > MAX_PASSWORD_LENGTH) return "tooLong";
  if (isCommonPassword(password)) return "common";
  return null;
}
