// The build before a change, for compare-builds.js: a commit's tree unpacked under .bench/ by
// `git archive`, given its dependencies and built, and kept by commit, so that the next run on the
// same commit only starts it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR, ROOT } from './paths.js';
import { run } from './processes.js';

/** Where the app's analytics live: the default build before is the one before they came. */
const DEFAULT_BEFORE_PATH = 'src/server/analytics';

const git = (...args) =>
  execFileSync('git', args, {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();

/**
 * The build to compare this checkout with, from BENCH_BEFORE: `self` (this checkout against
 * itself: the noise between two servers of one build), or a git ref. Unset: the parent of the
 * first commit that added src/server/analytics (the build before the analytics, issue 35's bar),
 * else HEAD~1. Returns `{ self: true }` or `{ commit, short, subject, why }`.
 */
export function buildBefore() {
  const asked = process.env.BENCH_BEFORE;
  if (asked === 'self') return { self: true, why: 'BENCH_BEFORE=self: this build against itself' };
  let ref = asked;
  let why = `BENCH_BEFORE=${asked}`;
  if (!ref) {
    const firstAnalytics = gitOrEmpty(
      'log',
      '--diff-filter=A',
      '--format=%H',
      '--',
      DEFAULT_BEFORE_PATH,
    )
      .split('\n')
      .filter(Boolean)
      .at(-1);
    ref = firstAnalytics ? `${firstAnalytics}^` : 'HEAD~1';
    why = firstAnalytics
      ? `BENCH_BEFORE unset: the parent of ${firstAnalytics.slice(0, 7)}, the first commit of ${DEFAULT_BEFORE_PATH}`
      : `BENCH_BEFORE unset and no commit adds ${DEFAULT_BEFORE_PATH}: HEAD~1`;
  }
  let commit;
  try {
    commit = git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
  } catch {
    throw new Error(
      `compare-builds: ${ref} is no commit of this repository (${why}); set BENCH_BEFORE to a ref, or to self`,
    );
  }
  const [short, subject] = git('log', '-1', '--format=%h%x00%s', commit).split('\0');
  return { commit, short, subject: subject.slice(0, 80), why };
}

function gitOrEmpty(...args) {
  try {
    return git(...args);
  } catch {
    return '';
  }
}

/** This checkout's commit, and whether its tree differs from it. */
export function thisCheckout() {
  const short = gitOrEmpty('rev-parse', '--short', 'HEAD') || 'unknown commit';
  const changed = gitOrEmpty('status', '--porcelain', '--untracked-files=no') !== '';
  return `${short}${changed ? ' with uncommitted changes' : ''}`;
}

/**
 * Whether this checkout's node_modules holds every package the other lock names, at the same
 * place, version and integrity: then the other build can use it as its own (extra packages
 * change nothing it resolves).
 */
function lockCovered(otherLock) {
  const ours = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')).packages ?? {};
  const theirs = JSON.parse(otherLock).packages ?? {};
  return Object.entries(theirs).every(
    ([path, p]) =>
      path === '' ||
      (ours[path] !== undefined &&
        ours[path].version === p.version &&
        ours[path].integrity === p.integrity),
  );
}

/**
 * The built tree of `commit` under .bench/build-<commit>/: reused when built before (and, when its
 * node_modules is this checkout's, while this checkout's lock still covers its own); otherwise
 * unpacked, given node_modules (a link to this checkout's when the lock covers it, else
 * `npm ci`) and built with `npm run build`. Returns its root.
 */
export async function ensureBuildBefore({ commit, short }) {
  const dir = join(BENCH_DIR, `build-${commit.slice(0, 12)}`);
  const stampFile = join(dir, '.bench-built.json');
  const lock = existsSync(join(dir, 'package-lock.json'))
    ? readFileSync(join(dir, 'package-lock.json'), 'utf8')
    : null;
  if (existsSync(stampFile)) {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    if (stamp.commit === commit && (stamp.modules !== 'linked' || (lock && lockCovered(lock)))) {
      console.log(
        `(the build before: ${dir}, built ${stamp.built}, node_modules ${stamp.modules})`,
      );
      return dir;
    }
    console.log(`(${dir}: this checkout's node_modules no longer covers its lock: building again)`);
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  console.log(`(unpacking ${short} into ${dir} …)`);
  const archive = execFileSync('git', ['archive', '--format=tar', commit], {
    cwd: ROOT,
    maxBuffer: 1 << 30,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  const theirLock = readFileSync(join(dir, 'package-lock.json'), 'utf8');
  let modules;
  if (lockCovered(theirLock)) {
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    modules = 'linked';
    console.log("(its package-lock.json is covered by this checkout's: node_modules linked)");
  } else {
    modules = 'npm ci';
    console.log(
      "(its package-lock.json names packages this checkout's does not hold: npm ci; better-sqlite3 " +
        'compiles from source when no prebuilt binary can be fetched, with npm_config_nodedir …)',
    );
    await run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: dir,
      quiet: true,
    });
  }
  console.log('(npm run build …)');
  await run('npm', ['run', 'build'], { cwd: dir, quiet: true });
  const built = new Date().toISOString();
  writeFileSync(stampFile, `${JSON.stringify({ commit, modules, built }, null, 2)}\n`);
  console.log(`(the build before ready in ${((performance.now() - started) / 1000).toFixed(0)} s)`);
  return dir;
}
