/** How a vector of the XSS corpus is written: a template filled with the vector's id. */

/** What a template is filled with: the vector's id and the detector call (no quotes in it). */
export interface Fill {
  n: number;
  /** `alert(N);__xssHit(N)` */
  call: string;
}

/** A string with `{P}` (the call) and `{N}` (the id), or a function of the fill. */
export type Template = string | ((fill: Fill) => string);

export const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

export function fill(template: Template, n: number): string {
  const call = `alert(${n});__xssHit(${n})`;
  return typeof template === 'function'
    ? template({ n, call })
    : template.replaceAll('{P}', call).replaceAll('{N}', String(n));
}
