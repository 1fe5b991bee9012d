import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { createLimiter, RateLimitedError } from './rate-limit';

const config = (redisUrl?: string) => ({
  ...loadConfig({ NODE_ENV: 'test' }),
  redisUrl,
  limits: { ...loadConfig({}).limits, signinAccount: { max: 3, windowSeconds: 60 } },
});

describe('the limiter', () => {
  it('hit refuses past the limit; fail counts without refusing; check refuses once full; clear forgets', async () => {
    const limiter = createLimiter(config());
    await limiter.fail('signinAccount', 'a');
    await limiter.fail('signinAccount', 'a');
    await limiter.check('signinAccount', 'a');
    await limiter.fail('signinAccount', 'a');
    await expect(limiter.check('signinAccount', 'a')).rejects.toBeInstanceOf(RateLimitedError);
    await limiter.check('signinAccount', 'b');
    await limiter.clear('signinAccount', 'a');
    await limiter.check('signinAccount', 'a');
    for (let i = 0; i < 3; i++) await limiter.hit('signinAccount', 'c');
    await expect(limiter.hit('signinAccount', 'c')).rejects.toMatchObject({ code: 'SIGNIN_LOCKED' });
    await limiter.close();
  });

  it.each([
    ['in memory', undefined],
    ['in Redis', process.env.REDIS_URL],
  ])('hitDistinct counts each destination once per client, %s', async (_where, redisUrl) => {
    if (_where === 'in Redis' && !redisUrl) return;
    const limiter = createLimiter(config(redisUrl));
    // signinAccount is 3 here: three different destinations pass, a fourth is refused, the first three still pass.
    for (const to of ['a', 'b', 'c', 'a', 'b']) await limiter.hitDistinct('signinAccount', 'client-1', to);
    await expect(limiter.hitDistinct('signinAccount', 'client-1', 'd')).rejects.toBeInstanceOf(RateLimitedError);
    await expect(limiter.hitDistinct('signinAccount', 'client-1', 'd')).rejects.toBeInstanceOf(RateLimitedError);
    await limiter.hitDistinct('signinAccount', 'client-1', 'c');
    await limiter.hitDistinct('signinAccount', 'client-2', 'd');
    // failDistinct counts without refusing; check then refuses
    for (const to of ['x', 'y', 'x', 'z', 'w']) await limiter.failDistinct('signinAccount', 'client-3', to);
    await expect(limiter.check('signinAccount', 'client-3')).rejects.toBeInstanceOf(RateLimitedError);
    await limiter.failDistinct('signinAccount', 'client-4', 'x');
    await limiter.failDistinct('signinAccount', 'client-4', 'x');
    await limiter.check('signinAccount', 'client-4');
    await limiter.close();
  });

  it.skipIf(!process.env.REDIS_URL)('counts in Redis, shared by every instance (REDIS_URL)', async () => {
    const namespace = `prata-test-shared:${randomBytes(6).toString('hex')}`;
    const one = createLimiter(config(process.env.REDIS_URL), namespace);
    const two = createLimiter(config(process.env.REDIS_URL), namespace);
    await one.fail('signinAccount', 'ana');
    await two.fail('signinAccount', 'ana');
    await one.fail('signinAccount', 'ana');
    await expect(two.check('signinAccount', 'ana')).rejects.toBeInstanceOf(RateLimitedError);
    await one.close();
    await two.close();
  });
});
if (!process.env.REDIS_URL) console.log('rate-limit.test: REDIS_URL unset, the shared-counter test is skipped');
