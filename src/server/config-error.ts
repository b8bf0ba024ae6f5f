/**
 * A setting that the server cannot start with; its message names the setting and what is
 * allowed, and `setting` lets the caller say where the value came from (postfolio.env:line).
 */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly setting?: string,
  ) {
    super(message);
  }
}
