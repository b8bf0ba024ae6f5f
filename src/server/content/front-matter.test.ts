import { describe, expect, it } from 'vitest';
import { splitFrontMatter } from './front-matter.js';

describe('splitFrontMatter', () => {
  it('cuts at the first line of --- after the opening one; the YAML keeps the file lines', () => {
    const split = splitFrontMatter('---\ntitle: A\ndate: 2026-05-05\n---\n\nBody.\n');
    expect(split).toEqual({
      kind: 'split',
      yaml: '\ntitle: A\ndate: 2026-05-05\n',
      body: '\nBody.\n',
    });
    if (split.kind !== 'split') return;
    // Line 3 of the file is line 3 of the YAML.
    expect(split.yaml.split('\n')[2]).toBe('date: 2026-05-05');
  });

  it('ignores a leading byte order mark', () => {
    expect(splitFrontMatter('\uFEFF---\ntitle: A\n---\nBody.')).toEqual({
      kind: 'split',
      yaml: '\ntitle: A\n',
      body: 'Body.',
    });
  });

  it('takes CRLF line ends, leaving no carriage return at the end of a value', () => {
    expect(splitFrontMatter('---\r\ntitle: A\r\n---\r\nBody.\r\n')).toEqual({
      kind: 'split',
      yaml: '\r\ntitle: A\r\n',
      body: 'Body.\r\n',
    });
  });

  it('leaves a --- further down in the body', () => {
    const split = splitFrontMatter('---\ntitle: A\n---\nAbove.\n\n---\n\nBelow.\n');
    expect(split).toEqual({
      kind: 'split',
      yaml: '\ntitle: A\n',
      body: 'Above.\n\n---\n\nBelow.\n',
    });
  });

  it('closes on --- with trailing blanks, not on ---- or --- followed by text', () => {
    expect(splitFrontMatter('---\na: 1\n---- \n--- x\n--- \t\nBody')).toEqual({
      kind: 'split',
      yaml: '\na: 1\n---- \n--- x\n',
      body: 'Body',
    });
  });

  it('takes an empty front matter, and one closed by the file end', () => {
    expect(splitFrontMatter('---\n---\nBody')).toEqual({ kind: 'split', yaml: '\n', body: 'Body' });
    expect(splitFrontMatter('---\na: 1\n---')).toEqual({
      kind: 'split',
      yaml: '\na: 1\n',
      body: '',
    });
  });

  it('says when nothing closes the front matter', () => {
    expect(splitFrontMatter('---\ntitle: A\n\nBody.\n')).toEqual({ kind: 'unclosed' });
    expect(splitFrontMatter('---')).toEqual({ kind: 'unclosed' });
    expect(splitFrontMatter('---\n')).toEqual({ kind: 'unclosed' });
  });

  it('finds none unless the first line opens it', () => {
    for (const text of ['# Title\n', '', '\n---\na: 1\n---\n', ' ---\na: 1\n---\n', '----\n---\n'])
      expect(splitFrontMatter(text), JSON.stringify(text)).toEqual({ kind: 'none' });
  });

  it('takes ---yaml and ---yml, and names any other language', () => {
    expect(splitFrontMatter('---yaml\na: 1\n---\nB')).toMatchObject({
      kind: 'split',
      yaml: '\na: 1\n',
    });
    expect(splitFrontMatter('--- yml \na: 1\n---\nB')).toMatchObject({ kind: 'split' });
    expect(splitFrontMatter('---js\n{}\n---\nB')).toEqual({ kind: 'not-yaml', language: 'js' });
    expect(splitFrontMatter('--- toml\na = 1\n---\nB')).toEqual({
      kind: 'not-yaml',
      language: 'toml',
    });
  });
});
