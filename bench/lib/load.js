// Load generation: one autocannon run against a server, summarized.
import autocannon from 'autocannon';

/**
 * One autocannon run. A short list of `paths` is cycled round-robin by every connection; a long
 * one is walked by each connection from its own random start. `random: true` draws every request's
 * path at random instead (cold paths: a different URL per request, whatever the other connections
 * ask for). `unique: 'name'` appends `name=<counter>` to every path, so that no two requests share
 * a URL and none can be answered from the server's response cache.
 */
export async function load(
  baseUrl,
  paths,
  { duration = 5, connections = 50, headers, random = false, unique } = {},
) {
  let counter = 0;
  const suffix = (path) =>
    unique ? `${path}${path.includes('?') ? '&' : '?'}${unique}=${++counter}` : path;
  const result = await autocannon({
    url: baseUrl,
    connections,
    pipelining: 1,
    duration,
    headers,
    requests:
      paths.length <= connections && !random && !unique
        ? paths.map((path) => ({ method: 'GET', path }))
        : [
            {
              method: 'GET',
              // Walking from a random start (not every connection from the first path) keeps
              // connections from requesting the same path one after another and turning every
              // miss into 49 hits.
              setupRequest: (req, context) => {
                if (random)
                  return { ...req, path: suffix(paths[Math.floor(Math.random() * paths.length)]) };
                context.i = (context.i ?? Math.floor(Math.random() * paths.length)) + 1;
                return { ...req, path: suffix(paths[context.i % paths.length]) };
              },
            },
          ],
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  return {
    // Successful answers a second: a server shedding load answers quick 503s, which are not
    // throughput (autocannon's own average counts every response).
    rps: (result.requests.total - result.non2xx) / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    /** Answers with a 2xx status: what a server's CPU per answer is divided by. */
    served: result.requests.total - result.non2xx,
    bad,
  };
}
