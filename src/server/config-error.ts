/** A setting of the environment that the server cannot start with; its message names the variable. */
export class ConfigError extends Error {}
