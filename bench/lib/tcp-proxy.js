// A TCP proxy to a real server that can be cut and restored, as a network or server outage: the
// deploy tests and the rehearsal bench put one between the instances and PostgreSQL.
import net from 'node:net';

export class TcpProxy {
  #server;
  #sockets = new Set();
  port = 0;

  constructor(targetHost, targetPort) {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
  }

  /** Listens (on the port of before, once it has one) and passes every connection on. */
  async start() {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = server.address().port;
    this.#server = server;
  }

  /** Drops every open connection and refuses new ones until `start()` again. */
  async cut() {
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
    await new Promise((resolve) =>
      this.#server ? this.#server.close(() => resolve()) : resolve(),
    );
    this.#server = undefined;
  }
}
