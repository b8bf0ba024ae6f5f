/**
 * What the sanitizer keeps for the Markdown features (markdown/): their elements, attributes and
 * classes, each named exactly, so that a post's own HTML can set no other.
 */

/** MathML as temml writes it, without what links, acts or embeds (maction, annotation-xml,
 * mglyph, malignmark, semantics: the elements of the known namespace-confusion attacks). */
const MATHML_ATTRIBUTES: Record<string, string[]> = {
  math: ['display'],
  mi: ['mathvariant'],
  mn: ['mathvariant'],
  mtext: ['mathvariant'],
  mo: [
    'fence',
    'form',
    'stretchy',
    'separator',
    'lspace',
    'rspace',
    'largeop',
    'movablelimits',
    'accent',
    'minsize',
    'maxsize',
    'symmetric',
    'mathvariant',
  ],
  mrow: [],
  msup: [],
  msub: [],
  msubsup: [],
  mfrac: ['linethickness'],
  msqrt: [],
  mroot: [],
  mover: ['accent'],
  munder: ['accentunder'],
  munderover: ['accent', 'accentunder'],
  mspace: ['width', 'height', 'depth'],
  mpadded: ['width', 'height', 'depth', 'lspace', 'voffset'],
  mphantom: [],
  menclose: ['notation'],
  mstyle: ['displaystyle', 'scriptlevel', 'mathvariant'],
  mtable: ['columnalign', 'rowalign', 'columnspacing', 'rowspacing', 'columnlines', 'rowlines'],
  mtr: ['columnalign', 'rowalign'],
  mtd: ['columnalign', 'rowalign', 'columnspan', 'rowspan'],
  mmultiscripts: [],
  mprescripts: [],
  none: [],
};

export const FEATURE_TAGS = ['input', ...Object.keys(MATHML_ATTRIBUTES)];

export const FEATURE_ATTRIBUTES: Record<string, string[]> = {
  ...MATHML_ATTRIBUTES,
  // Task lists: checkboxes only, always disabled and named by their state (sanitize.ts).
  input: ['type', 'checked', 'disabled', 'aria-label'],
  // Footnote references and heading self-links are named for screen readers.
  a: ['aria-label', 'aria-describedby'],
};

/**
 * Classes by element. Code tokens: `c1`… (colours of code-theme.ts), `l1`… and `d1`… (the light
 * and dark palettes of code-palette.ts; their tests check they match) and `fi fb fu fs` (font
 * styles).
 */
export const FEATURE_CLASSES: Record<string, Array<string | RegExp>> = {
  pre: ['shiki'],
  code: ['math-error'],
  span: [/^[cld][1-9]\d?$/, 'fi', 'fb', 'fu', 'fs'],
  div: [
    'heading',
    'math-display',
    'markdown-alert',
    /^markdown-alert-(?:note|tip|important|warning|caution)$/,
  ],
  p: ['markdown-alert-title'],
  a: ['heading-link'],
  section: ['footnotes'],
  h2: ['visually-hidden'],
  th: [/^align-(?:left|center|right)$/],
  td: [/^align-(?:left|center|right)$/],
};
