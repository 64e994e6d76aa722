import type { NextFunction, Response } from 'express';
import { DomainError } from '../platform/common/errors';
import type { CrmRequest } from './crm-request';

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\//i;

/** A Host header or URL authority as compared: lower case, without a trailing dot or the scheme's default port. */
function authority(host: string, scheme: string): string {
  const h = host.trim().toLowerCase().replace(/\.(?=:\d+$|$)/, '');
  const port = scheme === 'https' ? ':443' : ':80';
  return h.endsWith(port) ? h.slice(0, -port.length) : h;
}

/**
 * Right after the request id: an absolute-form request target (`POST http://host/oauth/token HTTP/1.1`,
 * RFC 9112 3.2.2) becomes the origin form Express routes (`/oauth/token`), so `req.url` and
 * `req.originalUrl` name the routed path for everything after (limits, return addresses, logs).
 * A target whose host differs from the Host header is refused (400): the workspace is chosen by the
 * Host header, and a request naming two hosts is ambiguous (docs/decisions/api-and-errors.md,
 * "Absolute-form request targets and the limited path").
 */
export function originForm(req: CrmRequest, _res: Response, next: NextFunction): void {
  if (!ABSOLUTE_FORM.test(req.url)) return next();
  let target: URL;
  try {
    target = new URL(req.url);
  } catch {
    return next(new DomainError('invalid', 'request target: not a valid URL'));
  }
  const scheme = target.protocol.slice(0, -1).toLowerCase();
  const host = req.headers.host;
  if ((scheme !== 'http' && scheme !== 'https') || !host || authority(target.host, scheme) !== authority(host, scheme)) {
    return next(new DomainError('invalid', 'request target: an absolute URL must name the host of the Host header'));
  }
  // the path as written (URL would resolve dot segments, which Express does not): after the authority
  const rest = req.url.slice(req.url.indexOf('//') + 2);
  const slash = rest.search(/[/?]/);
  const path = slash < 0 ? '/' : rest.slice(slash);
  req.url = path.startsWith('/') ? path : `/${path}`;
  req.originalUrl = req.url;
  next();
}
