import { afterEach, describe, expect, it } from 'vitest';
import { manyPosts } from '../../test/helpers/content-fixture.js';
import { startServe, type ServeProcess } from '../../test/helpers/serve-process.js';

describe('postfolio serve', () => {
  let serve: ServeProcess | undefined;
  afterEach(() => {
    serve?.child.kill('SIGKILL');
  });

  it('renders pages with React’s production build when NODE_ENV is not set', async () => {
    serve = await startServe(manyPosts(3, 'news'), [], { NODE_ENV: '' });
    await serve.printed(/pages render with React's \w+ build/);
    expect(serve.output()).toMatch(/pages render with React's production build/);
  });

  it('keeps a NODE_ENV that is set (the log names the build React loaded)', async () => {
    serve = await startServe(manyPosts(3, 'news'), [], { NODE_ENV: 'development' });
    await serve.printed(/pages render with React's \w+ build/);
    expect(serve.output()).toMatch(/pages render with React's development build/);
  });
});
