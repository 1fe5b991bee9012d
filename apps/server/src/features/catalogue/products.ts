import {
  CATALOGUE_PAGE_SIZE,
  MESSAGES,
  minorToDecimal,
  type ProductTypeInput,
  ProductTypeResponse,
  ProductTypesResponse,
  type ProductTypeUpdateInput,
  type SilverTaxRates,
  unitPriceNoFreight,
} from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { ProductTypeRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { writeAudit } from '@/lib/audit';
import { AppError, notFound } from '@/lib/errors';
import { balanceOf } from '@/ledger/index';
import { walkHouseAsks } from '@/features/orders/index';
import {
  allProductTypes,
  findActiveProductType,
  insertProductType,
  nameAndStockOf,
  pageOfActiveProductTypes,
  unitsToShipByProductType,
  updateProductType,
} from './repository/index';
import { loadSilverSettings, taxRatesFor } from './settings';
import { cached, cacheScope, catalogueChanged } from './cache';
import { addToStockUnlessNegative } from './stock';

export type Staff = { userId: number; ip: string };

/** The 'no Pix' price of one unit (centavos), or 0 when the house does not offer its grams now. */
async function unitPriceCents(db: Executor, p: ProductTypeRow, taxes: SilverTaxRates): Promise<number> {
  const walk = await walkHouseAsks(db, p.gramsPerUnitCg);
  if (walk.filledCg < p.gramsPerUnitCg) return 0;
  return unitPriceNoFreight({
    item: {
      gramsPerUnitCg: p.gramsPerUnitCg,
      mintingFeePerUnitCents: p.mintingFeeCents,
      insuranceRateBps: p.insuranceRateBps,
      pisRateBps: p.pisRateBps,
      cofinsRateBps: p.cofinsRateBps,
    },
    marketValueCents: walk.valueCents,
    taxes,
  });
}

function presentProduct(p: ProductTypeRow, priceCents: number) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: minorToDecimal(priceCents),
    images: p.images.map((i) => ({ path: i.path })),
    grams_per_unit: minorToDecimal(p.gramsPerUnitCg),
    icon: p.icon,
    availability: p.stock > 0 && p.active && priceCents > 0 ? ('in_stock' as const) : ('out_of_stock' as const),
    stock: p.stock,
  };
}

async function presentAll(db: Executor, rows: ProductTypeRow[]) {
  const settings = await loadSilverSettings(db);
  const taxes = await taxRatesFor(db, settings.originState, settings.originState);
  const pricesCents = await Promise.all(rows.map((p) => unitPriceCents(db, p, taxes)));
  return rows.map((p, i) => presentProduct(p, pricesCents[i]!));
}

/** GET /api/silver-withdrawal-product-types?page=N: active products in the operators' order. */
function listProductTypes(deps: AppDeps, pageNumber: number) {
  return cached(`page:${pageNumber}:${cacheScope(deps)}`, () => readProductTypes(deps, pageNumber));
}

/** listProductTypes's answer read now, past the cache (the first paint: first-paint.ts). */
export async function readProductTypes(deps: AppDeps, pageNumber: number) {
  const db = deps.database.db;
  const { rows, total } = await pageOfActiveProductTypes(
    db,
    CATALOGUE_PAGE_SIZE,
    (pageNumber - 1) * CATALOGUE_PAGE_SIZE,
  );
  return { productTypes: { data: await presentAll(db, rows), total, per_page: CATALOGUE_PAGE_SIZE } };
}

/**
 * The two public calls' answers as JSON text, encoded through their contracts once per cached computation, as the
 * routes send them: every visitor's first page asks for them, and the serializer's encoding of the whole answer was
 * most of a request's work (docs/performance.md, "The catalogue's first visit").
 */
export function listProductTypesJson(deps: AppDeps, pageNumber: number): Promise<string> {
  return cached(`page-json:${pageNumber}:${cacheScope(deps)}`, async () =>
    JSON.stringify(ProductTypesResponse.encode(await listProductTypes(deps, pageNumber))),
  );
}
export function getProductTypeJson(deps: AppDeps, id: number): Promise<string> {
  return cached(`one-json:${id}:${cacheScope(deps)}`, async () =>
    JSON.stringify(ProductTypeResponse.encode(await getProductType(deps, id))),
  );
}

/** GET /api/silver-withdrawal-product-type/{id}: 404 for an unknown or withdrawn product. */
async function getProductType(deps: AppDeps, id: number) {
  const db = deps.database.db;
  return cached(`one:${id}:${cacheScope(deps)}`, async () => {
    const row = await findActiveProductType(db, id);
    if (!row) throw notFound(MESSAGES.productNotFound);
    const [product] = await presentAll(db, [row]);
    return { productType: product! };
  });
}

// ----------------------------------------------------------------------------------------------------------------
// Back office

const adminProduct = (p: ProductTypeRow, priceCents: number) => ({
  ...presentProduct(p, priceCents),
  active: p.active,
  minting_fee: minorToDecimal(p.mintingFeeCents),
  insurance_rate: minorToDecimal(p.insuranceRateBps),
  pis_rate: minorToDecimal(p.pisRateBps),
  cofins_rate: minorToDecimal(p.cofinsRateBps),
  position: p.position,
});

export async function presentAdmin(db: Executor, rows: ProductTypeRow[]) {
  const settings = await loadSilverSettings(db);
  const taxes = await taxRatesFor(db, settings.originState, settings.originState);
  const pricesCents = await Promise.all(rows.map((p) => unitPriceCents(db, p, taxes)));
  return rows.map((p, i) => adminProduct(p, pricesCents[i]!));
}

/** GET /api/admin/silver-product-types: every product, active or not. */
export async function listProductTypesForAdmin(deps: AppDeps) {
  const db = deps.database.db;
  const rows = await allProductTypes(db);
  return { productTypes: await presentAdmin(db, rows) };
}

/** The row's columns from the form; the stock only on creation (an update never carries it). */
const columns = (input: ProductTypeInput | ProductTypeUpdateInput) => ({
  name: input.name,
  description: input.description,
  gramsPerUnitCg: input.grams_per_unit_cg,
  ...('stock' in input && input.stock !== undefined ? { stock: input.stock } : {}),
  active: input.active,
  icon: input.icon,
  images: input.images.map((path) => ({ path })),
  mintingFeeCents: input.minting_fee_cents,
  insuranceRateBps: input.insurance_rate_bps,
  pisRateBps: input.pis_rate_bps,
  cofinsRateBps: input.cofins_rate_bps,
  position: input.position,
});

/**
 * POST /api/admin/silver-product-types (id null, with the initial stock) and PUT /api/admin/silver-product-types/{id}
 * (everything but the stock, which moves only by deltas: adjustStock, sales and their reversals).
 */
export async function saveProductType(
  deps: AppDeps,
  staff: Staff | null,
  id: number | null,
  input: ProductTypeInput | ProductTypeUpdateInput,
) {
  const row = await withTransaction(deps.database.db, async (tx) => {
    const saved =
      id === null
        ? await insertProductType(tx, columns(input))
        : await updateProductType(tx, id, { ...columns(input), updatedAt: new Date() });
    if (!saved) throw notFound(MESSAGES.productNotFound);
    if (staff) {
      await writeAudit(tx, {
        actorUserId: staff.userId,
        action: id === null ? 'silver.product_created' : 'silver.product_updated',
        targetType: 'silver_product_type',
        targetId: saved.id,
        details: { ...input },
        ip: staff.ip,
      });
    }
    return saved;
  });
  catalogueChanged();
  const [product] = await presentAdmin(deps.database.db, [row]);
  return { productType: product!, message: MESSAGES.productTypeSaved };
}

/**
 * Units added to (positive) or taken from (negative) a product's stock by an operator (bars minted, or found
 * damaged). Guarded: the stock never goes below zero (422 STOCK_BELOW_ZERO, saying how many there are).
 */
export async function adjustStock(deps: AppDeps, staff: Staff | null, id: number, delta: number) {
  const db = deps.database.db;
  const row = await addToStockUnlessNegative(db, id, delta);
  if (!row) {
    const now = await nameAndStockOf(db, id);
    if (!now) throw notFound(MESSAGES.productNotFound);
    const message = MESSAGES.stockBelowZero(now.name, now.stock);
    throw new AppError('STOCK_BELOW_ZERO', message, { delta: [message] });
  }
  if (staff) {
    await writeAudit(db, {
      actorUserId: staff.userId,
      action: 'silver.stock_adjusted',
      targetType: 'silver_product_type',
      targetId: id,
      details: { delta, stock: row.stock },
      ip: staff.ip,
    });
  }
  return { row, message: MESSAGES.stockAdjusted(row.name, row.stock) };
}

/**
 * The house's bars (GET /api/admin/silver-stock): each product's stock and the units paid for but not yet sent, and
 * the house's grams (available; held = its resting sell orders plus the purchases waiting to ship).
 */
export async function houseBarStock(deps: AppDeps) {
  const db = deps.database.db;
  const [products, units, available, held] = await Promise.all([
    allProductTypes(db),
    unitsToShipByProductType(db),
    balanceOf(db, { house: 'available' }, 'AG'),
    balanceOf(db, { house: 'held' }, 'AG'),
  ]);
  return {
    products: products.map((p) => ({
      id: p.id,
      name: p.name,
      grams_per_unit: minorToDecimal(p.gramsPerUnitCg),
      stock: p.stock,
      to_ship: units.get(p.id) ?? 0,
      availability: p.stock > 0 && p.active ? ('in_stock' as const) : ('out_of_stock' as const),
    })),
    house_available_grams: minorToDecimal(Number(available)),
    house_held_grams: minorToDecimal(Number(held)),
  };
}
