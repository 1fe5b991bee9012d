import type { AppDeps } from '@/deps';
import { fundHouse } from '@/features/orders/index';
import { saveCoupon } from './coupons';
import { countProductTypes, findCouponByCode } from './repository/index';
import { saveProductType } from './products';

/**
 * The demo catalogue (`npm start`): four bars with their drawn images (scripts/draw-bars.mjs), stock, the fees of a
 * small mint (minting per unit, insurance 0,5%, PIS 1,65%, COFINS 7,6%), the coupon PRATA10 (10% off minting,
 * insurance and freight; 0,25% operating fee) and 5 kg more of the house's silver in the vault for the bars. Prices
 * come from the house's asks that seedOrdersDemo placed; freight from the embedded rate table. Runs once.
 */
export async function seedCatalogueDemo(deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  if ((await countProductTypes(db)) > 0) return;
  await fundHouse(deps, null, { currency: 'AG', amountMinorUnits: 500_000 });
  const bars: Array<[string, string, number, number, number, string]> = [
    [
      'Barra de prata 31,1 g (1 onça)',
      'Uma onça troy de prata fina 999, cunhada e selada. Ideal para começar a guardar prata física.',
      3110,
      40,
      1500,
      'barra-31g.png',
    ],
    [
      'Barra de prata 50 g',
      'Prata fina 999 em barra de 50 g, com certificado de pureza.',
      5000,
      30,
      2000,
      'barra-50g.png',
    ],
    [
      'Barra de prata 100 g',
      'Prata fina 999 em barra de 100 g, com certificado de pureza.',
      10_000,
      25,
      2500,
      'barra-100g.png',
    ],
    [
      'Barra de prata 1 kg',
      'Prata fina 999 em barra de 1 kg, para quem guarda em quantidade.',
      100_000,
      5,
      9000,
      'barra-1kg.png',
    ],
  ];
  for (const [i, [name, description, grams, stock, minting, image]] of bars.entries()) {
    await saveProductType(deps, null, null, {
      name,
      description,
      grams_per_unit_cg: grams,
      stock,
      active: true,
      icon: 'bar',
      images: [`/api/catalogue/images/${image}`],
      minting_fee_cents: minting,
      insurance_rate_bps: 50,
      pis_rate_bps: 165,
      cofins_rate_bps: 760,
      position: i,
    });
  }
  const existing = await findCouponByCode(db, 'PRATA10');
  if (!existing) {
    await saveCoupon(deps, null, null, {
      code: 'PRATA10',
      transaction_fee_bps: 25,
      discount_bps: 1000,
      valid_from: null,
      valid_until: null,
      max_uses: 1000,
      active: true,
    });
  }
}
