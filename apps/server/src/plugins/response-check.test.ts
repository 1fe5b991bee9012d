import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerResponseCheck } from './response-check';

const Answer = z.object({ id: z.number().int(), name: z.string() });

async function appWith(check: boolean) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (check) registerResponseCheck(app);
  const schema = { response: { 200: Answer } };
  const bytes = (text: string) => (_req: unknown, reply: { type: (t: string) => { send: (b: Buffer) => unknown } }) =>
    reply.type('application/json; charset=utf-8').send(Buffer.from(text));
  app.get('/serialized', { schema }, async () => ({ id: 1, name: 'Ana' }));
  app.get('/bytes-ok', { schema }, bytes('{"id":1,"name":"Ana"}') as never);
  app.get('/bytes-bad', { schema }, bytes('{"id":"1","nome":"Ana"}') as never);
  await app.ready();
  return app;
}

describe('response check', () => {
  it('lets through answers that keep their schema, whoever wrote them', async () => {
    const app = await appWith(true);
    for (const url of ['/serialized', '/bytes-ok']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: 1, name: 'Ana' });
    }
    await app.close();
  });

  it('turns bytes that break the schema into a 500 where a test sees it; off, they go out unchecked', async () => {
    const checked = await appWith(true);
    expect((await checked.inject({ url: '/bytes-bad' })).statusCode).toBe(500);
    await checked.close();
    const unchecked = await appWith(false);
    const res = await unchecked.inject({ url: '/bytes-bad' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: '1', nome: 'Ana' });
    await unchecked.close();
  });
});
