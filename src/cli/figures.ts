/** Figures as the commands' closing lines print them. */

/** Milliseconds as seconds with one decimal: `12.3 s`. */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export const megabytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
