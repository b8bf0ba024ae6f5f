/** Every `--` word of the `start` script of the package at `root`. */
export function startScriptFlags(root: string): string[];
