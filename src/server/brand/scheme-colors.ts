/**
 * The colours of app.css that the brand's accent is laid on and replaces, per colour scheme. They
 * are app.css's own values (scheme-colors.test.ts reads the stylesheet and holds them equal), so
 * that a contrast the import computes is the contrast a reader sees.
 */
export const SCHEMES = ['light', 'dark'] as const;
export type Scheme = (typeof SCHEMES)[number];

/** A background the accent is read on as text, with the words an error names it by. */
export interface Background {
  token: 'bg' | 'surface' | 'surface-2';
  name: string;
  color: string;
}

/** Where app.css writes links and accented text: the page, the cards, the raised panels. */
export const BACKGROUNDS: Record<Scheme, readonly Background[]> = {
  light: [
    { token: 'bg', name: 'the page background', color: '#f7f7f5' },
    { token: 'surface', name: 'cards', color: '#ffffff' },
    { token: 'surface-2', name: 'panels', color: '#eef0f3' },
  ],
  dark: [
    { token: 'bg', name: 'the page background', color: '#111418' },
    { token: 'surface', name: 'cards', color: '#1a1f25' },
    { token: 'surface-2', name: 'panels', color: '#232a32' },
  ],
};

/** The tokens the accent decides: itself (links, buttons), hover, the text on it, the focus ring. */
export interface AccentTokens {
  accent: string;
  'accent-strong': string;
  'accent-contrast': string;
  focus: string;
}

/** The demo's accent tokens, as app.css sets them: what a site without `brand.accent` shows. */
export const DEFAULT_ACCENT_TOKENS: Record<Scheme, AccentTokens> = {
  light: {
    accent: '#0b5cad',
    'accent-strong': '#084a8c',
    'accent-contrast': '#ffffff',
    focus: '#c2410c',
  },
  dark: {
    accent: '#7db4ff',
    'accent-strong': '#a8cbff',
    'accent-contrast': '#0b1320',
    focus: '#ffb86b',
  },
};

/** The text tokens of app.css: the body's and the quieter one of dates, captions and hints. */
export const TEXT_TOKENS: Record<Scheme, { text: string; muted: string }> = {
  light: { text: '#1d232b', muted: '#4f5a66' },
  dark: { text: '#e7eaee', muted: '#aab4bf' },
};

/** The two texts a button of the accent may carry: the one that reads best on it is taken. */
export const TEXT_ON_ACCENT = ['#ffffff', '#0b1320'] as const;
