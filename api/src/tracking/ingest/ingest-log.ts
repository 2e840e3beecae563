/**
 * What the device servers log through: the API's logger (pino) fits it. Messages name the
 * connection, the device's id and what went wrong, never a payload's contents.
 */
export interface IngestLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** A logger that drops everything (tests that do not read the log). */
export const silentLog: IngestLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
