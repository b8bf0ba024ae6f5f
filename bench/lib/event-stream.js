// Server-Sent Events read from a fetch response, as `postfolio dev`'s pages hear them: the bench
// of live reload and the dev server's tests read its event stream with this.

/**
 * Calls `onData` with each event's `data` line, parsed as JSON, in order, until the stream ends
 * or is aborted (then it resolves quietly).
 */
export async function readEvents(body, onData) {
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of body) {
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const data = /^data: (.*)$/m.exec(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (data) onData(JSON.parse(data[1]));
      }
    }
  } catch {
    // aborted by its reader
  }
}
