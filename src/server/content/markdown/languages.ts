/**
 * The languages fenced code is highlighted in: a shiki grammar (`@shikijs/langs/<id>`) for each,
 * and the names a fence may call it by. Any other name renders as plain code.
 */
export const LANGUAGES: Record<string, readonly string[]> = {
  bash: ['sh', 'shell', 'shellscript', 'zsh'],
  c: ['h'],
  cpp: ['c++', 'cc', 'cxx', 'hpp'],
  csharp: ['c#', 'cs'],
  css: [],
  dart: [],
  diff: ['patch'],
  docker: ['dockerfile'],
  elixir: ['ex', 'exs'],
  go: ['golang'],
  graphql: ['gql'],
  haskell: ['hs'],
  hcl: ['terraform', 'tf'],
  html: ['htm'],
  ini: ['cfg', 'conf', 'properties'],
  java: [],
  javascript: ['js', 'mjs', 'cjs'],
  json: ['json5'],
  jsonc: [],
  jsx: [],
  kotlin: ['kt', 'kts'],
  latex: ['tex'],
  lua: [],
  make: ['makefile', 'mk'],
  markdown: ['md'],
  nginx: [],
  perl: ['pl'],
  php: [],
  powershell: ['ps1', 'pwsh', 'ps'],
  proto: ['protobuf'],
  python: ['py', 'py3'],
  r: [],
  ruby: ['rb'],
  rust: ['rs'],
  scala: [],
  scss: [],
  shellsession: ['console'],
  sql: ['sqlite', 'postgresql', 'psql'],
  swift: [],
  toml: [],
  tsx: [],
  typescript: ['ts', 'mts', 'cts'],
  vue: [],
  xml: ['svg', 'xsl', 'plist'],
  yaml: ['yml'],
  zig: [],
};

/** The grammar module of each id, where it is named differently. */
const GRAMMAR: Record<string, string> = { bash: 'shellscript' };

const BY_NAME = new Map<string, string>(
  Object.entries(LANGUAGES).flatMap(([id, aliases]) => [id, ...aliases].map((n) => [n, id])),
);

/** The grammar for a fence's language name (case-insensitive), or undefined: plain code. */
export function grammarOf(name: string): string | undefined {
  const id = BY_NAME.get(name.toLowerCase());
  return id === undefined ? undefined : (GRAMMAR[id] ?? id);
}
