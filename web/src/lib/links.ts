/**
 * `tel:` address of a phone number as people type it ("+90 (212) 555 01 02", "0212 555 0102"): digits and a
 * leading +, nothing else; null when it holds too few digits to be dialled.
 */
export function telHref(phone: string | null | undefined): string | null {
  const raw = (phone ?? '').trim();
  const digits = raw.replace(/\D/g, '');
  if (digits.length < 3) return null;
  return `tel:${raw.startsWith('+') ? '+' : ''}${digits}`;
}

/**
 * The address of a website as people type it: "www.example.com" or "example.com/tr" becomes https://…;
 * http(s) addresses stay as they are. null for anything that is not a host name (no dot, spaces, other schemes
 * such as javascript:), so a link never runs script.
 */
export function webHref(site: string | null | undefined): string | null {
  const raw = (site ?? '').trim();
  if (!raw || /\s/.test(raw)) return null;
  const withScheme = /^https?:\/\//i.test(raw) ? raw : /^[a-z][a-z0-9+.-]*:/i.test(raw) && !/^[^:/]+:\d/.test(raw) ? null : `https://${raw}`;
  if (!withScheme) return null;
  try {
    const url = new URL(withScheme);
    return url.hostname.includes('.') ? url.href : null;
  } catch {
    return null;
  }
}
