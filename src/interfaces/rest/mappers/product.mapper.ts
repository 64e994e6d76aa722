import { formatTimestamp } from '../../../platform/common/time';
import type { Product } from '../../../domain/crm/products/product.entity';
import type { Workspace } from '../../../domain/workspace/workspace.entity';

/** The product record (list_price a number, 0 when not set). */
export const toProduct = (p: Product, ws: Workspace) => ({
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
