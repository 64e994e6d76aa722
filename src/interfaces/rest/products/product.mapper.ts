import type { z } from 'zod';
import { formatTimestamp } from '../../../platform/common/time';
import type { Product } from '../../../domain/crm/products/product.entity';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import type { Product as ProductSchema, ProductList, ProductResponse } from './product.schema';

/** The product record (list_price a number, 0 when not set). */
export const toProduct = (p: Product, ws: Workspace): z.output<typeof ProductSchema> => ({
  id: p.id,
  code: p.code,
  name: p.name,
  list_price: p.listPrice ?? 0,
  currency: p.currency,
  unit: p.unit,
  ext_id: p.extId,
  active: p.active,
  updated_at: formatTimestamp(p.updatedAt, ws.timezone),
});

export const toProductResponse = (p: Product, ws: Workspace): z.output<typeof ProductResponse> => ({ ok: true, product: toProduct(p, ws) });

export const toProductList = (items: Product[], ws: Workspace): z.output<typeof ProductList> => ({ ok: true, items: items.map((p) => toProduct(p, ws)) });
