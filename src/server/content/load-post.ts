import { HighlighterNotStarted, startHighlighter } from './markdown/highlight.js';
import { loadPostFile, type LoadedPost, type PostSource } from './post-file.js';

/**
 * `loadPostFile`, starting the code highlighter when the post has code to colour (its engine
 * starts asynchronously; the render is synchronous): the first such post of a process is read
 * and rendered again once it has started.
 */
export async function loadPost(source: PostSource): Promise<LoadedPost> {
  try {
    return loadPostFile(source);
  } catch (error) {
    if (!(error instanceof HighlighterNotStarted)) throw error;
  }
  await startHighlighter();
  return loadPostFile(source);
}
