import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';

/** A name beside `target` for writing it before it is complete. */
export function temporaryName(target: string): string {
  return `${target}.${process.pid}.tmp`;
}

/** Flushes a file or folder to the disk. */
async function sync(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Gives a complete file its name: flushed first, then renamed, then the folder flushed, so that
 * after a crash the name holds either nothing or the whole file.
 */
export async function publishFile(temporary: string, target: string): Promise<void> {
  await sync(temporary);
  await rename(temporary, target);
  await sync(dirname(target));
}

/** Removes files left by a write that did not finish; never fails. */
export async function removeQuietly(...paths: string[]): Promise<void> {
  await Promise.all(
    paths.map((path) => rm(path, { recursive: true, force: true }).catch(() => {})),
  );
}
