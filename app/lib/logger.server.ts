import pino, { type Logger } from "pino";

export type { Logger };

/**
 * JSON logs on stdout. Redaction is a second line of defence: code never logs tokens, cookies,
 * passwords or form bodies in the first place.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { app: "lomda" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          "req.headers.cookie",
          "req.headers.authorization",
          "*.password",
          "*.token",
          "*.id_token",
          "*.access_token",
          "*.refresh_token",
          "*.secret",
          "*.ApiPassword",
        ],
        censor: "[redacted]",
      },
    },
    destination,
  );
}
