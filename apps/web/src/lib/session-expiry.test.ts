// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { expiredSession, forgetExpiredSession, rememberExpiredSession, safeReturnPath } from './session-expiry';

beforeEach(() => sessionStorage.clear());

describe('safeReturnPath', () => {
  it("keeps this app's paths with their query, and nothing that leaves it", () => {
    expect(safeReturnPath('/ordens')).toBe('/ordens');
    expect(safeReturnPath('/ordens?lado=venda&x=1')).toBe('/ordens?lado=venda&x=1');
    for (const bad of [
      'https://malicioso.example/',
      '//malicioso.example/ordens',
      '/\\malicioso.example',
      'javascript:alert(1)',
      'ordens',
      '/login',
      '/login?volta=/ordens',
      '',
      null,
      42,
    ])
      expect(safeReturnPath(bad)).toBeNull();
  });
});

describe('the expired session record', () => {
  it('keeps the path and the account until forgotten; refuses unsafe paths', () => {
    rememberExpiredSession('/depositar/pix', 7);
    expect(expiredSession()).toEqual({ from: '/depositar/pix', userId: 7 });
    forgetExpiredSession();
    expect(expiredSession()).toBeNull();
    rememberExpiredSession('https://malicioso.example/', 7);
    expect(expiredSession()).toBeNull();
    sessionStorage.setItem('sessionExpired', JSON.stringify({ from: '//malicioso.example', userId: 7 }));
    expect(expiredSession()).toBeNull();
  });
});
