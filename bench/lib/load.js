// Load generation: one autocannon run against a server, summarized.
import autocannon from 'autocannon';

/** One autocannon run; `paths` are cycled round-robin by every connection. */
export async function load(baseUrl, paths, { duration = 5, connections = 50, headers } = {}) {
  const result = await autocannon({
    url: baseUrl,
    connections,
    pipelining: 1,
    duration,
    headers,
    // A short list is cycled in order by every connection; a long one (cache-defeating rows)
    // is walked by each connection from its own random start, so connections do not request
    // the same path one after another and turn every miss into 49 hits.
    requests:
      paths.length <= connections
        ? paths.map((path) => ({ method: 'GET', path }))
        : [
            {
              method: 'GET',
              setupRequest: (req, context) => {
                context.i = (context.i ?? Math.floor(Math.random() * paths.length)) + 1;
                return { ...req, path: paths[context.i % paths.length] };
              },
            },
          ],
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    bad,
  };
}
