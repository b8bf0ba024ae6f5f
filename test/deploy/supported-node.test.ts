import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** `engines.node` of the package, the range every entry point holds the running Node to. */
const { engines } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
};

/** A run's exit code and what it printed on stderr. */
async function ran(node: string, args: string[]) {
  return run(node, args, { timeout: 30_000 }).then(
    ({ stderr }) => ({ code: 0, stderr }),
    (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
  );
}

describe('an unsupported Node', () => {
  it('is named in one line by `npm start` and by the command, which then stop', async () => {
    expect(engines.node).toBe('>=22.12');
    const home = (await run('bash', ['scripts/node-release.sh', '20'])).stdout.trim();
    const node20 = join(home, 'bin', 'node');
    const line =
      /^postfolio: needs Node\.js 22\.12 or later \(Node\.js 24 LTS recommended\); this is v20\.\d+\.\d+\n$/;
    for (const entry of [['scripts/start.js'], ['bin/postfolio.js', '--version']]) {
      const { code, stderr } = await ran(node20, entry);
      expect(code, entry[0]).toBe(1);
      expect(stderr, entry[0]).toMatch(line);
    }
  });

  it('is not the one running this suite: the command starts', async () => {
    const { code, stderr } = await ran(process.execPath, ['bin/postfolio.js', '--version']);
    expect([code, stderr]).toEqual([0, '']);
  });
});

describe('compiled code kept between starts', () => {
  it("is written to the temporary folder's node-compile-cache, or where NODE_COMPILE_CACHE says", async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'pf-compile-cache-'));
    try {
      const { NODE_COMPILE_CACHE: _inherited, ...env } = process.env;
      await run(process.execPath, ['bin/postfolio.js', '--version'], {
        env: { ...env, TMPDIR: tmp },
      });
      expect(readdirSync(join(tmp, 'node-compile-cache'))).not.toEqual([]);
      const named = join(tmp, 'named');
      await run(process.execPath, ['bin/postfolio.js', '--version'], {
        env: { ...env, NODE_COMPILE_CACHE: named },
      });
      expect(readdirSync(named)).not.toEqual([]);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
