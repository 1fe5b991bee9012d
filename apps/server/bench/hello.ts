// The yardstick of `npm run bench`: a bare Fastify hello-world in a process of its own, with Fastify's defaults
// (no logger, no hooks). Every Prata figure is printed as a ratio to what this answers on the same machine. Given a
// file (`hello.ts <file>`: JSON of a body in base64 and its headers), it answers those bytes and headers instead, on
// every path: the ceiling of a page served as kept bytes, whatever server sends them.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const fixed = process.argv[2]
  ? (JSON.parse(readFileSync(process.argv[2], 'utf8')) as { body: string; headers: Record<string, string> })
  : undefined;
if (fixed) {
  const body = Buffer.from(fixed.body, 'base64');
  app.get('/*', async (_request, reply) => reply.headers(fixed.headers).send(body));
} else {
  app.get('/', async () => ({ hello: 'world' }));
}
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
process.stdout.write(`${port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
// The bench asks for this process's CPU time (µs, user + system) around each run of the yardstick.
process.on('SIGUSR2', () => {
  const { user, system } = process.cpuUsage();
  process.stdout.write(`cpu ${user + system}\n`);
});
