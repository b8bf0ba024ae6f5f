import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keepTickShape, keptTickObject } from './keep-tick-shape.js';

const MODULE = fileURLToPath(new URL('./keep-tick-shape.ts', import.meta.url));

/**
 * A fresh Node that makes nextTick's feedback (400 ticks), lets every tick object die, runs a
 * full GC, makes one more tick and prints the state of each property definition of the tick
 * literal (V8's %GetFeedback, which Node 24's V8 has and Node 22's has not: the suite runs on
 * Node 24): with `keep`, after keepTickShape.
 */
const CHILD = `
if (process.argv[1] === 'keep') await (await import(${JSON.stringify(MODULE)})).keepTickShape();
const ticks = () => new Promise((done) => {
  let n = 0;
  for (let i = 0; i < 200; i++) process.nextTick(() => { if (++n === 200) done(); });
});
await ticks();
await ticks();
await new Promise((done) => setTimeout(done, 0));
gc();
process.nextTick(() => {});
console.log(JSON.stringify(%GetFeedback(process.nextTick)
  .filter((e) => Array.isArray(e) && e[0] === 'DefineKeyedOwnPropertyInLiteral')
  .map((e) => String(e[1]).split('\\n')[0])));
`;

function tickLiteralStates(keep: boolean): string[] {
  const out = execFileSync(
    process.execPath,
    [
      '--allow-natives-syntax',
      '--expose-gc',
      '--input-type=module',
      '-e',
      CHILD,
      ...(keep ? ['keep'] : []),
    ],
    { encoding: 'utf8' },
  );
  return JSON.parse(out) as string[];
}

describe('keepTickShape', () => {
  it('keeps a tick object of process.nextTick', async () => {
    await keepTickShape();
    const tick = keptTickObject();
    expect(tick).toBeDefined();
    expect(Object.getOwnPropertySymbols(tick).map(String)).toContain('Symbol(async_id_symbol)');
    expect(typeof (tick as { callback?: unknown }).callback).toBe('function');
  });

  it('a full GC with no tick alive leaves the tick literal megamorphic, unless a tick is kept', () => {
    const without = tickLiteralStates(false);
    expect(without).toHaveLength(5);
    expect(without).toContain('MEGAMORPHIC');
    expect(tickLiteralStates(true)).toEqual(Array(5).fill('MONOMORPHIC'));
  });
});
