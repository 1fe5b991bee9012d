import { describe, expect, it } from 'vitest';
import { SilverSettingsRequest } from '../contracts/index';
import { MESSAGES } from '../messages';
import { isUf, UFS } from './index';

describe('UFs', () => {
  it('are the 27, each once', () => {
    expect(new Set(UFS).size).toBe(27);
    expect(['SP', 'sp', 'DF', 'TO'].every(isUf)).toBe(true);
    expect(['ZZ', 'BR', '', 'S', 'SPX', 'São Paulo'].some(isUf)).toBe(false);
  });

  it("the silver settings take a company's state and ICMS rows only for a UF that exists", () => {
    const settings = {
      origin_state: 'sp',
      pix_expiry_minutes: 30,
      icms: [{ state: 'rj', internal_rate: 20, interstate_rate: 12 }],
    };
    const parsed = SilverSettingsRequest.parse(settings);
    expect([parsed.origin_state, parsed.icms[0]?.state]).toEqual(['SP', 'RJ']);
    for (const bad of [{ origin_state: 'ZZ' }, { icms: [{ state: 'XX', internal_rate: 20, interstate_rate: 12 }] }]) {
      const result = SilverSettingsRequest.safeParse({ ...settings, ...bad });
      expect(result.error?.issues.map((i) => i.message)).toEqual([MESSAGES.stateInvalid]);
    }
  });
});
