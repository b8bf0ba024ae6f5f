import sanitizeHtml from 'sanitize-html';

/**
 * Drawing elements only: no script, foreignObject (HTML inside SVG), animation (which can set
 * attributes such as href), image or feImage (which load other resources), style sheets or links.
 */
const ELEMENTS = [
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'path',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
];

/** Geometry and presentation attributes; no event handler, no `style`, no URL but `#fragment`. */
const ATTRIBUTES = [
  'xmlns',
  'xmlns:xlink',
  'version',
  'id',
  'class',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'pathLength',
  'transform',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'offset',
  'stop-color',
  'stop-opacity',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'stdDeviation',
  'dx',
  'dy',
  'rotate',
  'type',
  'values',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'radius',
  'flood-color',
  'flood-opacity',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'marker-start',
  'marker-mid',
  'marker-end',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'color',
  'display',
  'visibility',
  'overflow',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'font-variant',
  'letter-spacing',
  'word-spacing',
  'text-anchor',
  'text-decoration',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'writing-mode',
  'lengthAdjust',
  'textLength',
  'startOffset',
  'href',
  'xlink:href',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ELEMENTS,
  allowedAttributes: { '*': ATTRIBUTES },
  // No scheme at all: a reference may only point inside the file (checked in transformTags).
  allowedSchemes: [],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
  // Written out as <rect ...></rect>: valid XML, and a parent never loses its children.
  selfClosing: [],
  disallowedTagsMode: 'discard',
  transformTags: {
    '*': (tagName, attribs) => {
      const out = { ...attribs };
      for (const name of ['href', 'xlink:href'] as const) {
        if (out[name] !== undefined && !/^#[\w.-]+$/.test(out[name])) delete out[name];
      }
      // Presentation attributes may hold url(...), which only a #fragment may fill.
      for (const [name, value] of Object.entries(out)) {
        if (/url\s*\(/i.test(value) && !/^url\(\s*#[\w.-]+\s*\)$/i.test(value.trim()))
          delete out[name];
      }
      return { tagName, attribs: out };
    },
  },
};

/** Why an SVG file cannot be published, or null. */
export type SvgResult = { ok: true; svg: string } | { ok: false; problem: string };

/**
 * An SVG reduced to drawing: served from the site's own origin, it must not be able to run
 * script or load anything even when opened directly (the server's CSP for /images/ backs this).
 */
export function sanitizeSvg(source: string): SvgResult {
  // Entity declarations are how XML bombs and external entities start; a drawing needs none.
  if (/<!ENTITY/i.test(source))
    return { ok: false, problem: 'declares XML entities, which an image may not' };
  const cleaned = sanitizeHtml(source, OPTIONS);
  const start = cleaned.indexOf('<svg');
  const end = cleaned.lastIndexOf('</svg>');
  if (start === -1 || end === -1) return { ok: false, problem: 'has no <svg> root element' };
  // Whatever stood outside the root (a doctype's remains, stray text) is not part of the drawing.
  let svg = cleaned
    .slice(start, end + '</svg>'.length)
    .replace(/<([A-Za-z]+)((?:\s[^<>]*)?)><\/\1>/g, '<$1$2/>');
  if (!/^<svg[^>]*\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(svg))
    svg = svg.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
  return { ok: true, svg };
}
