// The baseline: plain node:http answering each known path with a constant body.
// Reads {path: {body, contentType, headers?}} as JSON from stdin; '*' (or else the first) answers
// other paths. `headers` (name: value): sent too, as an app's answer carries them (compare-builds'
// instruction count sends the app's own).
// Env: PORT; BARE_SHUTDOWN (below).
import { createServer } from 'node:http';

let input = '';
process.stdin.setEncoding('utf8');
for await (const chunk of process.stdin) input += chunk;
const routes = new Map(
  Object.entries(JSON.parse(input)).map(([path, { body, contentType, headers = {} }]) => {
    const bytes = Buffer.from(body);
    // Built once: a bare server does no work per answer that it need not.
    const all = { ...headers, 'content-type': contentType, 'content-length': bytes.length };
    return [path, { body: bytes, headers: all }];
  }),
);
const fallback = routes.get('*') ?? routes.values().next().value;

const server = createServer((req, res) => {
  const route = routes.get(req.url) ?? fallback;
  res.writeHead(200, route.headers);
  res.end(route.body);
}).listen(Number(process.env.PORT), '127.0.0.1');
// BARE_SHUTDOWN=close: Node's own graceful close (stop accepting, close idle connections, exit
// once none is left), the drain bench's baseline. Otherwise exit at once.
process.on('SIGTERM', () =>
  process.env.BARE_SHUTDOWN === 'close' ? server.close(() => process.exit(0)) : process.exit(0),
);
