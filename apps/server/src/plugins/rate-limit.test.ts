import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { AppError } from '@/lib/errors';
import { createLimiter, RateLimitedError, settledBy } from './rate-limit';

const config = (redisUrl?: string) => ({
  ...loadConfig({ NODE_ENV: 'test' }),
  redisUrl,
  limits: { ...loadConfig({}).limits, signinAccount: { max: 3, windowSeconds: 60 } },
});

describe('the limiter', () => {
  it('hit refuses past the limit; an attempt takes a try that a failure keeps and a success gives back', async () => {
    const limiter = createLimiter(config());
    for (let i = 0; i < 2; i++) await (await limiter.attempt([['signinAccount', 'a']])).failed();
    await (await limiter.attempt([['signinAccount', 'a']])).succeeded();
    await limiter.check('signinAccount', 'a');
    await (await limiter.attempt([['signinAccount', 'a']])).failed();
    await expect(limiter.check('signinAccount', 'a')).rejects.toBeInstanceOf(RateLimitedError);
    await expect(limiter.attempt([['signinAccount', 'a']])).rejects.toMatchObject({ code: 'SIGNIN_LOCKED' });
    await limiter.check('signinAccount', 'b');
    await limiter.clear('signinAccount', 'a');
    await limiter.check('signinAccount', 'a');
    // a success may forget the key's failures (a right password)
    await (await limiter.attempt([['signinAccount', 'd']])).failed();
    await (await limiter.attempt([['signinAccount', 'd']])).failed();
    await (await limiter.attempt([['signinAccount', 'd']])).succeeded(['signinAccount']);
    for (let i = 0; i < 3; i++) await (await limiter.attempt([['signinAccount', 'd']])).failed();
    for (let i = 0; i < 3; i++) await limiter.hit('signinAccount', 'c');
    await expect(limiter.hit('signinAccount', 'c')).rejects.toMatchObject({ code: 'SIGNIN_LOCKED' });
    await limiter.close();
  });

  it('settles by the error: a refusal answered (AppError) keeps the try, a fault gives it back', async () => {
    const limiter = createLimiter(config());
    for (let i = 0; i < 3; i++) await (await limiter.attempt([['signinAccount', 'e']])).settle(new Error('db away'));
    await limiter.check('signinAccount', 'e');
    for (let i = 0; i < 3; i++) {
      const attempt = await limiter.attempt([['signinAccount', 'e']]);
      await expect(settledBy(attempt, async () => Promise.reject(new AppError('CODE_INVALID', 'x')))).rejects.toThrow();
    }
    await expect(limiter.check('signinAccount', 'e')).rejects.toBeInstanceOf(RateLimitedError);
    // settled once: a later success does not give a failure's try back
    for (let i = 0; i < 2; i++) await (await limiter.attempt([['signinAccount', 'f']])).failed();
    const once = await limiter.attempt([['signinAccount', 'f']]);
    await once.failed();
    await once.succeeded();
    await expect(limiter.check('signinAccount', 'f')).rejects.toBeInstanceOf(RateLimitedError);
    await limiter.close();
  });

  it('refused by a later limit, an attempt gives the earlier limits their try back', async () => {
    const limiter = createLimiter(config());
    for (let i = 0; i < 3; i++) await (await limiter.attempt([['signinAccount', 'address']])).failed();
    for (let i = 0; i < 5; i++) {
      await expect(
        limiter.attempt([
          ['codeAccount', 'ana'],
          ['signinAccount', 'address'],
        ]),
      ).rejects.toBeInstanceOf(RateLimitedError);
    }
    // codeAccount allows more than five: none of those refused attempts was counted against ana
    const res = await Promise.all(Array.from({ length: 5 }, () => limiter.attempt([['codeAccount', 'ana']])));
    expect(res).toHaveLength(5);
    await limiter.close();
  });

  it.each([
    ['in memory', undefined],
    ['in Redis', process.env.REDIS_URL],
  ])('a try given back after the count was forgotten leaves it at zero, not below, %s', async (where, redisUrl) => {
    if (where === 'in Redis' && !redisUrl) return;
    const limiter = createLimiter(config(redisUrl));
    // a right password forgets the count while another attempt of the same key is in flight; that one then ends in
    // a fault and gives its try back: the count must not go to -1 (a fourth free try)
    const inFlight = await limiter.attempt([['signinAccount', 'g']]);
    await (await limiter.attempt([['signinAccount', 'g']])).succeeded(['signinAccount']);
    await inFlight.settle(new Error('db away'));
    for (let i = 0; i < 3; i++) await (await limiter.attempt([['signinAccount', 'g']])).failed();
    await expect(limiter.attempt([['signinAccount', 'g']])).rejects.toMatchObject({ code: 'SIGNIN_LOCKED' });
    await limiter.close();
  });

  it.each([
    ['in memory', undefined],
    ['in Redis', process.env.REDIS_URL],
  ])('20 attempts at once get no more tries than the limit, %s', async (where, redisUrl) => {
    if (where === 'in Redis' && !redisUrl) return;
    const limiter = createLimiter(config(redisUrl));
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, async () => {
        const attempt = await limiter.attempt([['signinAccount', 'burst']]);
        await new Promise((r) => setImmediate(r));
        await attempt.failed();
      }),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(outcomes.filter((o) => o.status === 'rejected').every((o) => o.reason instanceof RateLimitedError)).toBe(
      true,
    );
    await limiter.close();
  });

  it.each([
    ['in memory', undefined],
    ['in Redis', process.env.REDIS_URL],
  ])('hitDistinct and attemptDistinct count each destination once per client, %s', async (where, redisUrl) => {
    if (where === 'in Redis' && !redisUrl) return;
    const limiter = createLimiter(config(redisUrl));
    // signinAccount is 3 here: three different destinations pass, a fourth is refused, the first three still pass.
    for (const to of ['a', 'b', 'c', 'a', 'b']) await limiter.hitDistinct('signinAccount', 'client-1', to);
    await expect(limiter.hitDistinct('signinAccount', 'client-1', 'd')).rejects.toBeInstanceOf(RateLimitedError);
    await expect(limiter.hitDistinct('signinAccount', 'client-1', 'd')).rejects.toBeInstanceOf(RateLimitedError);
    await limiter.hitDistinct('signinAccount', 'client-1', 'c');
    await limiter.hitDistinct('signinAccount', 'client-2', 'd');
    // a failed attempt remembers its destination (asked again, it takes no try); a success gives the try back
    for (const to of ['x', 'y', 'x', 'z'])
      await (await limiter.attemptDistinct('signinAccount', 'client-3', to)).failed();
    await expect(limiter.attemptDistinct('signinAccount', 'client-3', 'w')).rejects.toBeInstanceOf(RateLimitedError);
    // past its limit, a client waits even for a destination it already used
    await expect(limiter.attemptDistinct('signinAccount', 'client-3', 'x')).rejects.toBeInstanceOf(RateLimitedError);
    for (const to of ['p', 'q', 'r', 's']) {
      await (await limiter.attemptDistinct('signinAccount', 'client-4', to)).succeeded();
    }
    await limiter.check('signinAccount', 'client-4');
    // at once, new destinations: no more than the limit get a try
    const burst = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => limiter.attemptDistinct('signinAccount', 'client-5', `e${i}`)),
    );
    expect(burst.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    await limiter.close();
  });

  it.skipIf(!process.env.REDIS_URL)('counts in Redis, shared by every instance (REDIS_URL)', async () => {
    const namespace = `prata-test-shared:${randomBytes(6).toString('hex')}`;
    const one = createLimiter(config(process.env.REDIS_URL), namespace);
    const two = createLimiter(config(process.env.REDIS_URL), namespace);
    await (await one.attempt([['signinAccount', 'ana']])).failed();
    await (await two.attempt([['signinAccount', 'ana']])).failed();
    await (await one.attempt([['signinAccount', 'ana']])).failed();
    await expect(two.check('signinAccount', 'ana')).rejects.toBeInstanceOf(RateLimitedError);
    await one.close();
    await two.close();
  });
});
if (!process.env.REDIS_URL) console.log('rate-limit.test: REDIS_URL unset, the shared-counter test is skipped');
