import type { FontFamily } from '../../shared/schemas/brand.js';
import { FONT_METRICS } from './font-metrics.js';

const { arial, courierNew, inter, jetBrainsMono, sourceSans3, sourceSerif4, timesNewRoman } =
  FONT_METRICS;

/** What capsize needs of a font to size a fallback like it. */
export type FontMetrics = (typeof FONT_METRICS)[keyof typeof FONT_METRICS];

/**
 * A local font that stands in while the served one loads, sized to take the same room: the usual
 * one of each kind, and the Liberation font that has its metrics where it is missing (Linux).
 */
export interface LocalFallback {
  metrics: FontMetrics;
  /** More `local()` names of fonts with these metrics. */
  sameMetrics: string[];
}

const SANS: LocalFallback = { metrics: arial, sameMetrics: ['Liberation Sans', 'LiberationSans'] };
const SERIF: LocalFallback = {
  metrics: timesNewRoman,
  sameMetrics: ['Liberation Serif', 'LiberationSerif'],
};
const MONO: LocalFallback = {
  metrics: courierNew,
  sameMetrics: ['Liberation Mono', 'LiberationMono'],
};

/** One family the site serves itself, from an npm package of its files. */
export interface ServedFamily {
  /** The @fontsource-variable package: its stylesheets of @font-face rules and its woff2 files. */
  package: string;
  metrics: FontMetrics;
  fallback: LocalFallback;
  generic: 'sans-serif' | 'serif' | 'monospace';
  /** Whether code takes it too (a monospaced family), not only the text. */
  forCode: boolean;
}

/**
 * `brand.font`'s families beside `system` (the platform's own, app.css's stack, nothing to
 * download): each a variable font, one file per script and style for every weight.
 */
export const SERVED_FAMILIES: Record<Exclude<FontFamily, 'system'>, ServedFamily> = {
  sans: {
    package: '@fontsource-variable/inter',
    metrics: inter,
    fallback: SANS,
    generic: 'sans-serif',
    forCode: false,
  },
  serif: {
    package: '@fontsource-variable/source-serif-4',
    metrics: sourceSerif4,
    fallback: SERIF,
    generic: 'serif',
    forCode: false,
  },
  humanist: {
    package: '@fontsource-variable/source-sans-3',
    metrics: sourceSans3,
    fallback: SANS,
    generic: 'sans-serif',
    forCode: false,
  },
  mono: {
    package: '@fontsource-variable/jetbrains-mono',
    metrics: jetBrainsMono,
    fallback: MONO,
    generic: 'monospace',
    forCode: true,
  },
};
