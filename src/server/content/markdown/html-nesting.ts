const isDigit = (c: number) => c >= 48 && c <= 57;
const isLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isNameCharacter = (c: number) => isLetter(c) || isDigit(c) || c === 45 || c === 58;
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13);

/** Elements that hold nothing and are never left open. */
const VOID = new Set(
  'area base basefont br col command embed frame hr img input isindex keygen link meta param source track wbr'.split(
    ' ',
  ),
);
const P = ['p'];
const FORM = ['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea'];
/** Open elements that an opening tag closes: htmlparser2's rules, which the sanitizer parses by. */
const CLOSED_BY: Record<string, string[]> = {
  tr: ['tr', 'th', 'td'],
  th: ['th'],
  td: ['thead', 'th', 'td'],
  li: ['li'],
  option: ['option'],
  optgroup: ['optgroup', 'option'],
  dd: ['dd', 'dt'],
  dt: ['dd', 'dt'],
  rt: ['rt', 'rp'],
  rp: ['rt', 'rp'],
  tbody: ['thead', 'tbody'],
  tfoot: ['thead', 'tbody'],
  ...Object.fromEntries(
    ['select', 'input', 'output', 'button', 'datalist', 'textarea'].map((t) => [t, FORM]),
  ),
  ...Object.fromEntries(
    'p h1 h2 h3 h4 h5 h6 address article aside blockquote details div dl fieldset figcaption figure footer form header hr main nav ol pre section table ul'
      .split(' ')
      .map((t) => [t, P]),
  ),
};

/**
 * The nesting of a post's raw HTML, fed its pieces (Marked's `html` tokens) in order. Elements
 * open and close as the sanitizer's parser sees them: one left open holds all that follows.
 * Linear: the closing tag of an element that is not open is ignored without a search.
 */
export class HtmlNesting {
  private readonly stack: string[] = [];
  private readonly openCount = new Map<string, number>();
  /** The deepest nesting reached, and where: the piece and the offset in it. */
  deepest = { depth: 0, piece: '', offset: 0 };

  feed(piece: string): void {
    let nextGt = -1;
    for (let lt = piece.indexOf('<'); lt !== -1; lt = piece.indexOf('<', lt + 1)) {
      if (piece.startsWith('<!--', lt)) {
        const end = piece.indexOf('-->', lt + 4);
        if (end === -1) return;
        lt = end;
        continue;
      }
      let p = lt + 1;
      const closing = piece.charCodeAt(p) === 47; /* / */
      if (closing) p += 1;
      if (!isLetter(piece.charCodeAt(p))) continue;
      let q = p + 1;
      while (q < piece.length && isNameCharacter(piece.charCodeAt(q))) q++;
      const after = piece.charCodeAt(q);
      if (!(after === 62 /* > */ || after === 47 || isSpace(after))) continue;
      if (nextGt < q) nextGt = piece.indexOf('>', q);
      if (nextGt === -1) return; // no tag ends after this point
      const name = piece.slice(p, q).toLowerCase();
      if (closing) this.close(name);
      else if (!VOID.has(name)) this.open(name, piece, lt);
    }
  }

  private open(name: string, piece: string, offset: number): void {
    const closes = CLOSED_BY[name];
    while (closes && this.stack.length && closes.includes(this.stack.at(-1)!)) this.pop();
    this.stack.push(name);
    this.openCount.set(name, (this.openCount.get(name) ?? 0) + 1);
    if (this.stack.length > this.deepest.depth)
      this.deepest = { depth: this.stack.length, piece, offset };
  }

  private close(name: string): void {
    if (!this.openCount.get(name)) return;
    // Every element opened inside it closes with it.
    let popped;
    do popped = this.pop();
    while (popped !== name);
  }

  private pop(): string {
    const name = this.stack.pop()!;
    this.openCount.set(name, this.openCount.get(name)! - 1);
    return name;
  }
}
