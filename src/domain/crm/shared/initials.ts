/** Initials of the names seen (a workspace has a few hundred users and contacts; bounded all the same). */
const seen = new Map<string, string>();

/** Initials for avatars: first letters of the first two words (memoized: Turkish upper-casing goes through ICU). */
export function initials(name: string): string {
  let v = seen.get(name);
  if (v === undefined) {
    v = name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toLocaleUpperCase('tr'))
      .join('');
    if (seen.size >= 10_000) seen.clear();
    seen.set(name, v);
  }
  return v;
}
