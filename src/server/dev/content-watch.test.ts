import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ContentStage, isContentPath } from './content-stage.js';
import { ContentWatch } from './content-watch.js';

const folders: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'postfolio-watch-'));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A content folder with one post, and a stage of it. */
function stagedFolder() {
  const source = folder();
  mkdirSync(join(source, 'posts'));
  const file = join(source, 'posts', 'a.md');
  writeFileSync(file, 'first');
  const stage = new ContentStage(source, folder());
  const staged = () => readFileSync(join(stage.stageDir, 'posts', 'a.md'), 'utf8');
  return { source, file, stage, staged };
}

describe('the content stage', () => {
  it('copies a file saved again with the same size within the same clock tick', async () => {
    const { file, stage, staged } = stagedFolder();
    // A file system that keeps whole seconds: both saves fall in this one.
    const tick = Math.floor(Date.now() / 1000);
    utimesSync(file, tick, tick);
    expect((await stage.sync()).touched).toEqual(new Set(['posts/a.md']));
    writeFileSync(file, 'again');
    utimesSync(file, tick, tick);
    expect(statSync(file).mtimeMs).toBe(tick * 1000);
    expect(await stage.changedSinceSync()).toBe(true);
    expect((await stage.sync()).touched).toEqual(new Set(['posts/a.md']));
    expect(staged()).toBe('again');
    expect(await stage.changedSinceSync()).toBe(false);
  });

  it('tells a save, an added and a removed file apart from no change', async () => {
    const { source, file, stage } = stagedFolder();
    await stage.sync();
    expect(await stage.changedSinceSync()).toBe(false);
    writeFileSync(join(source, 'posts', 'b.md'), 'b');
    expect(await stage.changedSinceSync()).toBe(true);
    await stage.sync();
    rmSync(file);
    expect(await stage.changedSinceSync()).toBe(true);
    await stage.sync();
    expect(await stage.changedSinceSync()).toBe(false);
  });

  it('counts a file put back to its last good version as read, not as a new save', async () => {
    const { stage } = stagedFolder();
    await stage.sync();
    await stage.revert('posts/a.md');
    expect(await stage.changedSinceSync()).toBe(false);
  });
});

describe('the content watch', () => {
  it('watches what an import reads, not the store and images that postfolio.env keeps in data/', () => {
    for (const path of ['site.yaml', 'posts', 'posts/a.md', 'images/deep/b.png'])
      expect(isContentPath(path), path).toBe(true);
    for (const path of [
      'data',
      'data/postfolio.db-wal',
      'postfolio.env',
      'schema/post.schema.json',
    ])
      expect(isContentPath(path), path).toBe(false);
  });

  it('runs one more round when the folder changed during a round, with no event for it', async () => {
    let rounds = 0;
    let changes = 1;
    const dir = folder();
    // `changed` stands for a save that no event told of.
    const watch = new ContentWatch(dir, () => Promise.resolve(void (rounds += 1)), {
      changed: () => Promise.resolve(changes-- > 0),
    });
    await watch.start();
    // The change found when the watcher became ready runs a round, and the check after it
    // finds the folder as read.
    await watch.settled();
    expect(rounds).toBe(1);
    changes = 1;
    // A round woken by an event; the folder changed again meanwhile: one more round.
    writeFileSync(join(dir, 'site.yaml'), 'x');
    for (let i = 0; i < 100 && rounds < 3; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await watch.settled();
    expect(rounds).toBe(3);
    await watch.close();
  });

  it('imports a save made just after a round went idle, whose event chokidar drops', async () => {
    const { source, file, stage, staged } = stagedFolder();
    await stage.sync();
    let rounds = 0;
    let savedAgain = false;
    const watch = new ContentWatch(
      source,
      async () => {
        await stage.sync();
        rounds += 1;
      },
      {
        // The save lands once the round's last look has found nothing: the watch goes idle
        // within a few ms of the event that woke it, inside chokidar's 50 ms throttle.
        changed: async () => {
          const changed = await stage.changedSinceSync();
          if (rounds === 1 && !savedAgain) {
            savedAgain = true;
            writeFileSync(file, 'saved twice, longer');
          }
          return changed;
        },
        quietMs: 0,
      },
    );
    await watch.start();
    writeFileSync(file, 'saved once');
    await expect.poll(() => savedAgain, { timeout: 5_000 }).toBe(true);
    await watch.settled();
    expect(staged()).toBe('saved twice, longer');
    expect(rounds).toBe(2);
    await watch.close();
  });

  it('imports the last of two saves 45 ms apart (chokidar drops the second event)', async () => {
    const { source, file, stage, staged } = stagedFolder();
    await stage.sync();
    const watch = new ContentWatch(source, () => stage.sync().then(() => {}), {
      changed: () => stage.changedSinceSync(),
    });
    await watch.start();
    writeFileSync(file, 'saved once');
    await new Promise((resolve) => setTimeout(resolve, 45));
    writeFileSync(file, 'saved twice, longer');
    // Wait for the round of the first save, then for the folder to be read as it is.
    for (let i = 0; i < 100 && staged() !== 'saved twice, longer'; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await watch.settled();
    expect(staged()).toBe('saved twice, longer');
    await watch.close();
  });
});
