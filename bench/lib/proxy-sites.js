// The proxies' files of deploy/ made runnable on this machine, for the deploy tests and the
// rehearsal bench: the same sites on local ports, with a self-signed certificate, logs in a
// temporary folder, and the instances started as upstreams. Everything else is the shipped text,
// so a change to it is what they run.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEPLOY = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'deploy');

export const run = (cmd, args) => spawnSync(cmd, args, { encoding: 'utf8' });

export function tempDir() {
  return mkdtempSync(join(tmpdir(), 'pf-deploy-'));
}

/** A certificate for example.com, as certbot would have written it, in `dir`. */
export function selfSignedCertificate(dir) {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const made = run('openssl', [
    ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=example.com'],
    ...['-days', '1', '-keyout', key, '-out', cert],
  ]);
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  return { cert, key };
}

/** deploy/Caddyfile on `port`, in front of the instances on `upstreams`. */
export function caddySite(work, ports, tls) {
  const config = join(work, 'Caddyfile');
  const upstreams = ports.upstreams.map((port) => `127.0.0.1:${port}`).join(' ');
  writeFileSync(
    config,
    `{\n\tadmin 127.0.0.1:${ports.admin}\n\tauto_https disable_redirects\n\tstorage file_system ${work}\n}\n` +
      readFileSync(join(DEPLOY, 'Caddyfile'), 'utf8')
        .replace(
          /^example\.com \{/m,
          `https://example.com:${ports.https} {\n\ttls ${tls.cert} ${tls.key}`,
        )
        .replace(/^www\.example\.com \{[\s\S]*$/m, '')
        .replace('reverse_proxy 127.0.0.1:3000 {', `reverse_proxy ${upstreams} {`)
        .replace('/var/log/caddy/', `${work}/`),
  );
  return config;
}

export function startCaddy(work, config, port) {
  const child = spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
    stdio: 'ignore',
    env: { ...process.env, HOME: work, XDG_DATA_HOME: work, XDG_CONFIG_HOME: work },
  });
  return { name: 'Caddy', port, host: `example.com:${port}`, child, stop: () => child.kill() };
}

/** deploy/nginx-http.conf listening on `port` of 127.0.0.1. */
export function nginxHttpSite(work, port) {
  const site = join(work, 'http.conf');
  writeFileSync(
    site,
    readFileSync(join(DEPLOY, 'nginx-http.conf'), 'utf8')
      .replace(/listen \[::\]:\d+[^;]*;\n/g, '')
      .replace('listen 80;', `listen 127.0.0.1:${port};`),
  );
  return site;
}

/**
 * deploy/nginx-https.conf on `port` of 127.0.0.1, with the given certificate where certbot's
 * would be, in front of the instances on `upstreams`.
 */
export function nginxHttpsSite(work, ports, tls) {
  const site = join(work, 'https.conf');
  const servers = (_line, head, tail) =>
    ports.upstreams.map((port) => `${head}127.0.0.1:${port}${tail}`).join('\n');
  writeFileSync(
    site,
    readFileSync(join(DEPLOY, 'nginx-https.conf'), 'utf8')
      .replace('/etc/letsencrypt/live/example.com/fullchain.pem', tls.cert)
      .replace('/etc/letsencrypt/live/example.com/privkey.pem', tls.key)
      .replaceAll('/var/log/nginx/', `${work}/`)
      .replace(/^( +server )127\.0\.0\.1:3000( [^;]*;)$/m, servers)
      .replace(/listen \[::\]:\d+[^;]*;\n/g, '')
      .replace('listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`),
  );
  return site;
}

/** A main configuration of its own (pid, logs, temporary files in `work`) with `sites`. */
export function nginxMain(work, sites) {
  const main = join(work, 'nginx.conf');
  writeFileSync(
    main,
    `pid ${work}/nginx.pid;\nerror_log ${work}/error.log;\ndaemon off;\nevents {}\n` +
      `http {\n  access_log ${work}/access.log;\n  client_body_temp_path ${work}/body;\n` +
      `  proxy_temp_path ${work}/proxy;\n` +
      sites.map((site) => `  include ${site};\n`).join('') +
      '}\n',
  );
  return main;
}

/** `nginx -t` of the main configuration: what it printed, and whether it passed. */
export function nginxTest(work, main) {
  const test = run('nginx', ['-t', '-c', main, '-p', work]);
  return { ok: test.status === 0, output: test.stderr };
}

export function startNginx(work, main, port) {
  const child = spawn('nginx', ['-c', main, '-p', work], { stdio: 'ignore' });
  return { name: 'nginx', port, host: 'example.com', child, stop: () => child.kill('SIGQUIT') };
}
