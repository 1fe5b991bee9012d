// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstPaintData, resetFirstPaintData } from './first-paint';

// the module may have been read by another file first (the web project shares one module graph per worker)
beforeEach(() => resetFirstPaintData());
afterEach(() => {
  document.body.innerHTML = '';
  resetFirstPaintData();
});

describe('firstPaintData', () => {
  it("reads the server's data block once", () => {
    document.body.innerHTML =
      '<script type="application/json" id="prata-first-paint">{"productTypes":{"total":2}}</script>';
    expect(firstPaintData('productTypes')).toEqual({ total: 2 });
    document.body.innerHTML = '';
    expect(firstPaintData('productTypes')).toEqual({ total: 2 });
    expect(firstPaintData('other')).toBeUndefined();
  });

  it('has nothing when the page came without one, or with a broken one', () => {
    expect(firstPaintData('productTypes')).toBeUndefined();
    resetFirstPaintData();
    document.body.innerHTML = '<script type="application/json" id="prata-first-paint">{oops</script>';
    expect(firstPaintData('productTypes')).toBeUndefined();
  });
});
