import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';

/** A product of the catalogue (beyond the spec; spec 2.4 lists the active ones in `me`). */
export const Product = named(
  'Product',
  z.object({
    id: f.id(),
    code: z.string().meta({ description: 'unique in the workspace' }),
    name: z.string(),
    list_price: z.number().meta({ description: 'in `currency` per `unit`; 0 when not set' }),
    currency: z.string().meta({ description: 'one of app.currencies (GET /api/v1/me)' }),
    unit: z.string().meta({ description: 'one of app.units (GET /api/v1/me)' }),
    ext_id: z.string().meta({ description: "the product's id in the ERP, '' when none" }),
    active: z.boolean().meta({ description: 'inactive products are kept for history but not offered' }),
    updated_at: f.timestamp(),
  }),
  { description: 'A product of the catalogue.' },
);
const productExample = example(Product, {
  id: 3, code: 'PE50', name: 'PE film 50µ', list_price: 2.1, currency: 'EUR', unit: 'kg', ext_id: 'MAT-10050', active: true, updated_at: '2026-10-02T08:15:00',
});

export const ProductResponse = named('ProductResponse', z.object({ ok: f.ok(), product: Product }), { example: { ok: true, product: productExample } });

export const ProductList = named(
  'ProductList',
  z.object({ ok: f.ok(), items: z.array(Product).meta({ description: 'by name; at most 1000' }) }),
  { description: 'The product catalogue, by name (not paged).', example: { ok: true, items: [productExample] } },
);
