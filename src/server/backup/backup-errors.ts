/** A backup, restore or export refused for a reason the user can act on; the message names the file. */
export class BackupError extends Error {}

/** The message of a failure from a driver or the file system, for a BackupError of ours. */
export function reason(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' && message ? message : String(error);
  return typeof code === 'string' && !text.includes(code) ? `${text} (${code})` : text;
}
