import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from './index';

describe('@prata/domain on import', () => {
  it("changes nothing global: zod's locale stays what the app chose (each app sets Portuguese itself)", () => {
    expect(Object.keys(domain).length).toBeGreaterThan(10);
    const message = z.string().safeParse(1).error?.issues[0]?.message ?? '';
    expect(message).toMatch(/^Invalid input/);
  });
});
