/**
 * How the app names an order, everywhere a person reads one: its reference (ORD-<id>, the one the ERP
 * receives and the settings' dead letters show) and, where the company is not already on the screen, the
 * company's name: "ORD-8 · Marmara Plastik". Never the bare id.
 */
export function orderName(o: { ref: string; customer?: string | null }, withCompany = true): string {
  return withCompany && o.customer ? `${o.ref} · ${o.customer}` : o.ref;
}
