// Product images uploaded by operators: stored through the storage adapter under catalogue/<random>.<ext>, served
// publicly at /api/catalogue/images/uploads/<random>.<ext> (routes.ts).
import { randomBytes } from 'node:crypto';
import { MESSAGES, UPLOADED_PRODUCT_IMAGES_PATH } from '@prata/domain';
import { orMissing } from '@/adapters/storage/index';
import type { AppDeps } from '@/deps';
import type { ProductTypeRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { writeAudit } from '@/lib/audit';
import { AppError, notFound } from '@/lib/errors';
import { detectFileType, MAX_UPLOAD_BYTES, type UploadedFile } from '@/lib/uploads';
import { loggedAs } from '@/lib/log-failure';
import { catalogueChanged } from './cache';
import { presentAdmin, type Staff } from './products';
import { imagesOfAllProductTypes, lockProductType, updateProductType } from './repository/index';

const MAX_PRODUCT_IMAGES = 10;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
const MIME_BY_EXT: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };
const storageKeyOf = (path: string) =>
  path.startsWith(UPLOADED_PRODUCT_IMAGES_PATH) ? `catalogue/${path.slice(UPLOADED_PRODUCT_IMAGES_PATH.length)}` : null;

/** An uploaded image's bytes and type, by its public name (404 when there is none). */
export async function readUploadedImage(deps: AppDeps, name: string) {
  const ext = name.slice(name.lastIndexOf('.') + 1);
  const data = await orMissing(deps.adapters.storage.get(`catalogue/${name}`));
  if (!data || !MIME_BY_EXT[ext]) throw notFound(MESSAGES.productNotFound);
  return { data, mime: MIME_BY_EXT[ext]! };
}

/**
 * POST /api/admin/silver-product-types/{id}/images: one PNG, JPEG or WebP (by its first bytes; the name and the
 * browser's type are not trusted), at most 5 MB, added last to the product's images. The bytes are written first and
 * removed again if the product is unknown or full.
 */
export async function addProductImage(deps: AppDeps, staff: Staff, id: number, file: UploadedFile) {
  if (file.data.length > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE', MESSAGES.fileTooLarge);
  const type = detectFileType(file.data);
  if (!type || !IMAGE_TYPES.has(type.mime)) {
    throw new AppError('FILE_TYPE_NOT_ALLOWED', MESSAGES.productImageType, { image: [MESSAGES.productImageType] });
  }
  const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
  const key = `catalogue/${name}`;
  const path = `${UPLOADED_PRODUCT_IMAGES_PATH}${name}`;
  await deps.adapters.storage.put(key, file.data);
  let row: ProductTypeRow;
  try {
    row = await withTransaction(deps.database.db, async (tx) => {
      const locked = await lockProductType(tx, id);
      if (!locked) throw notFound(MESSAGES.productNotFound);
      if (locked.images.length >= MAX_PRODUCT_IMAGES) {
        throw new AppError('LIST_LIMIT_REACHED', MESSAGES.productImageLimit, { image: [MESSAGES.productImageLimit] });
      }
      const saved = await updateProductType(tx, id, { images: [...locked.images, { path }], updatedAt: new Date() });
      await writeAudit(tx, {
        actorUserId: staff.userId,
        action: 'silver.product_image_added',
        targetType: 'silver_product_type',
        targetId: id,
        details: { path, mime: type.mime, size_bytes: file.data.length },
        ip: staff.ip,
      });
      return saved!;
    });
  } catch (err) {
    await deps.adapters.storage.delete(key).catch(loggedAs(`product image: file ${key} left behind`, 'warn'));
    throw err;
  }
  catalogueChanged();
  const [product] = await presentAdmin(deps.database.db, [row]);
  return { productType: product!, image: { path }, message: MESSAGES.productImageUploaded };
}

/**
 * DELETE /api/admin/silver-product-types/{id}/images?path= or ?index=: the image leaves the product; an uploaded
 * file that no product shows any more is deleted from storage after the commit.
 */
export async function removeProductImage(
  deps: AppDeps,
  staff: Staff,
  id: number,
  which: { path?: string; index?: number },
) {
  const { row, removed } = await withTransaction(deps.database.db, async (tx) => {
    const locked = await lockProductType(tx, id);
    if (!locked) throw notFound(MESSAGES.productNotFound);
    const index = which.index ?? locked.images.findIndex((i) => i.path === which.path);
    const image = locked.images[index];
    if (index < 0 || !image) throw notFound(MESSAGES.productImageNotFound);
    const saved = await updateProductType(tx, id, {
      images: locked.images.filter((_, i) => i !== index),
      updatedAt: new Date(),
    });
    await writeAudit(tx, {
      actorUserId: staff.userId,
      action: 'silver.product_image_removed',
      targetType: 'silver_product_type',
      targetId: id,
      details: { path: image.path, index },
      ip: staff.ip,
    });
    return { row: saved!, removed: image.path };
  });
  catalogueChanged();
  const key = storageKeyOf(removed);
  if (key) {
    const all = await imagesOfAllProductTypes(deps.database.db);
    const stillShown = all.some((p) => p.images.some((i) => i.path === removed));
    if (!stillShown)
      await deps.adapters.storage.delete(key).catch(loggedAs(`product image: file ${key} left behind`, 'warn'));
  }
  const [product] = await presentAdmin(deps.database.db, [row]);
  return { productType: product!, message: MESSAGES.productImageRemoved };
}
