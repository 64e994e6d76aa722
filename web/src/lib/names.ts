/**
 * Product codes as a person reads them: a lead's `products` holds the catalogue's codes (or free names,
 * comma separated); each code of the catalogue is shown as its product's name, anything else as written.
 */
export function productNames(list: string, catalogue: readonly { code?: string | null; name: string }[]): string {
  const byCode = new Map(catalogue.filter((p) => p.code).map((p) => [p.code!, p.name]));
  return list
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => byCode.get(p) ?? p)
    .join(', ');
}
