import net from 'node:net';

/** Ports already given in this process: the system can offer a just-closed port again before the first server binds it. */
const givenPorts = new Set<number>();

/** A free port on `host` that nobody else in this process was given (two e2e lanes once got the same one). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  for (;;) {
    const port = await anyFreePort(host);
    if (!givenPorts.has(port)) {
      givenPorts.add(port);
      return port;
    }
  }
}

function anyFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
