import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TINY_SVG } from '../../../test/helpers/content-fixture.js';
import { RASTER } from '../../../test/helpers/raster-images.js';
import { ContentFileError } from '../content/content-errors.js';
import { checkImage, checkImages } from './image-files.js';

function problemOf(path: string, bytes: Buffer | string): string {
  try {
    checkImage(path, Buffer.from(bytes));
  } catch (error) {
    expect(error).toBeInstanceOf(ContentFileError);
    return (error as Error).message;
  }
  throw new Error(`${path} was accepted`);
}

describe('checkImage', () => {
  it('accepts raster images whose bytes match their names, with their sizes', () => {
    for (const [format, bytes] of Object.entries(RASTER)) {
      const image = checkImage(`images/a.${format}`, bytes);
      expect(image).toMatchObject({ width: 1, height: 1 });
      expect(image.bytes.equals(bytes)).toBe(true);
    }
    expect(checkImage('images/photo.JPEG', RASTER.jpg).width).toBe(1);
  });

  it('publishes an SVG as its sanitized drawing', () => {
    const hostile = TINY_SVG.replace('<rect', '<script>alert(1)</script><rect onload="alert(1)"');
    const image = checkImage('images/a.svg', Buffer.from(hostile));
    expect(image.bytes.toString()).toBe(TINY_SVG);
    expect(image).toMatchObject({ width: 800, height: 450 });
  });

  it('refuses every file that is not what an image name promises, naming it', () => {
    const page = '<html><script>alert(1)</script></html>';
    expect(problemOf('images/evil.html', page)).toBe(
      'images/evil.html: is not an image; images/ takes only .png, .jpg, .jpeg, .gif, .webp, .avif, .svg files',
    );
    expect(problemOf('images/evil.js', 'alert(1)')).toMatch(/^images\/evil\.js: is not an image/);
    expect(problemOf('images/notes.txt', 'hello')).toMatch(/is not an image/);
    expect(problemOf('images/evil.png', page)).toBe('images/evil.png: is not a readable PNG image');
    expect(problemOf('images/gif.png', RASTER.gif)).toBe(
      'images/gif.png: is named as PNG but its bytes are GIF',
    );
    expect(problemOf('images/evil.svg', page)).toBe(
      'images/evil.svg: is not a usable SVG image: it has no <svg> root element',
    );
    expect(problemOf('images/bad.svg', Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0xfe]))).toBe(
      'images/bad.svg: is an SVG that is not valid UTF-8',
    );
  });
});

describe('checkImages', () => {
  it('sizes the good files and names every bad one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'postfolio-images-'));
    writeFileSync(join(dir, 'a.png'), RASTER.png);
    writeFileSync(join(dir, 'b.svg'), TINY_SVG);
    writeFileSync(join(dir, 'evil.js'), 'alert(1)');
    writeFileSync(join(dir, 'fake.webp'), 'RIFF');
    const { sizes, failures } = await checkImages(dir, [
      'a.png',
      'b.svg',
      'evil.js',
      'fake.webp',
      'gone.png',
    ]);
    expect(Object.fromEntries(sizes)).toEqual({
      'a.png': { width: 1, height: 1 },
      'b.svg': { width: 800, height: 450 },
    });
    expect(failures.map((f) => f.file)).toEqual([
      'images/evil.js',
      'images/fake.webp',
      'images/gone.png',
    ]);
    expect(failures[2]!.message).toBe('images/gone.png: cannot be read (ENOENT)');
  });
});
