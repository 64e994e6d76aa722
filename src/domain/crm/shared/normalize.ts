const LEGAL_FORMS = new Set([
  'ltd', 'limited', 'inc', 'llc', 'gmbh', 'ag', 'kg', 'co', 'corp', 'sa', 'sas', 'srl', 'spa', 'bv', 'nv', 'plc',
  'as', 'sti', 'san', 'tic', 've', 'and', 'the', 'company', 'sirketi', 'anonim', 'limited',
]);

/** Name key for duplicate matching: accents, case, punctuation and legal-form words removed. */
export function normalizeName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .toLowerCase()
    // dotted abbreviations are one word: "a.s." -> "as", "s.a.s" -> "sas"
    .replace(/\b([a-z])\.(?=[a-z]\b)/g, '$1')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  const kept = words.filter((w) => !LEGAL_FORMS.has(w));
  return (kept.length ? kept : words).join(' ').slice(0, 200);
}

/** Initials for avatars: first letters of the first two words. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toLocaleUpperCase('tr'))
    .join('');
}
