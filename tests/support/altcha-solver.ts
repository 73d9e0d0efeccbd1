import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

/** Solves the app's ALTCHA challenge as the widget does, and returns the form field's payload. */
export async function solvedCaptcha(baseUrl: string): Promise<string> {
  const challenge = await (await fetch(`${baseUrl}/captcha/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the challenge");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}
