/**
 * Whether the receiving server vouched for a message's From domain, read from its Authentication-Results
 * header (RFC 8601). Pure: no I/O. The rule is in docs/decisions/email.md, "Threads and filing".
 */

/** One header's values in message order (topmost first), unfolded; `raw` is a header block (pure). */
export function headerValues(raw: string, name: string): string[] {
  const lower = name.toLowerCase();
  return raw
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .map((line) => /^([^:\s]+)\s*:(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => !!m && m[1].toLowerCase() === lower)
    .map((m) => m[2].trim());
}

export interface AuthResult {
  method: string;
  result: string;
  props: Record<string, string>;
}

/** `authserv-id; dkim=pass header.d=x; dmarc=pass header.from=y` → its id and results, comments dropped (pure). */
export function parseAuthenticationResults(value: string): { authservId: string; results: AuthResult[] } {
  const quoted: string[] = [];
  const text = value
    .replace(/"((?:[^"\\]|\\.)*)"/g, (_m, q: string) => `\uE000${quoted.push(q.replace(/\\(.)/g, '$1')) - 1}\uE000`)
    .replace(/\([^()]*\)/g, ' ')
    .replace(/\([^()]*\)/g, ' '); // one level of nesting is all RFC 8601 headers use in practice
  const unquote = (s: string) => s.replace(/\uE000(\d+)\uE000/g, (_m, i: string) => quoted[Number(i)] ?? '');
  const [head, ...rest] = text.split(';');
  const authservId = unquote(head.trim().split(/\s+/)[0] ?? '').toLowerCase();
  const results: AuthResult[] = [];
  for (const part of rest) {
    const m = /^\s*([a-z0-9_-]+)\s*=\s*([a-z]+)/i.exec(part);
    if (!m) continue;
    const props: Record<string, string> = {};
    for (const p of part.slice(m[0].length).matchAll(/([a-z0-9_-]+\.[a-z0-9_.-]+)\s*=\s*(\S+)/gi)) {
      props[p[1].toLowerCase()] = unquote(p[2]).toLowerCase();
    }
    results.push({ method: m[1].toLowerCase(), result: m[2].toLowerCase(), props });
  }
  return { authservId, results };
}

/**
 * Relaxed alignment, as DMARC has it, without a public-suffix list: the same domain, or one a subdomain of
 * the other where the shorter still has a dot (so `com` aligns with nothing) (pure).
 */
export function aligned(a: string, b: string): boolean {
  const x = a.toLowerCase().replace(/\.$/, '');
  const y = b.toLowerCase().replace(/\.$/, '');
  if (!x || !y) return false;
  if (x === y) return true;
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  return short.includes('.') && long.endsWith(`.${short}`);
}

const domainOf = (v: string | undefined) => (v ?? '').replace(/^<|>$/g, '').split('@').pop() ?? '';

/**
 * True when the TOPMOST Authentication-Results header (the one the receiving server added last; anything
 * the sender wrote sits below it) reports for the From domain: dmarc=pass (header.from aligned), or
 * dkim=pass with header.d aligned, or spf=pass with smtp.mailfrom aligned (pure).
 * `headers` are the values topmost first, as `headerValues` returns them.
 */
export function fromDomainAuthenticated(headers: string[], fromEmail: string): boolean {
  const from = domainOf(fromEmail);
  if (!from || !headers.length) return false;
  const { results } = parseAuthenticationResults(headers[0]);
  return results.some((r) => {
    if (r.result !== 'pass') return false;
    if (r.method === 'dmarc') return aligned(r.props['header.from'] ?? '', from);
    if (r.method === 'dkim') return aligned(r.props['header.d'] ?? domainOf(r.props['header.i']), from);
    if (r.method === 'spf') return aligned(domainOf(r.props['smtp.mailfrom']), from);
    return false;
  });
}
