// The yardstick of `npm run bench`: a bare Fastify hello-world in a process of its own, with Fastify's defaults
// (no logger, no hooks). Every Prata figure is printed as a ratio to what this answers on the same machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
process.stdout.write(`${port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
// The bench asks for this process's CPU time (µs, user + system) around each run of the yardstick.
process.on('SIGUSR2', () => {
  const { user, system } = process.cpuUsage();
  process.stdout.write(`cpu ${user + system}\n`);
});
