import { randomUUID } from 'node:crypto';
import type { NextFunction, Response } from 'express';
import type pino from 'pino';
import { requestContext } from '../platform/common/request-context';
import type { CrmRequest } from './crm-request';
import { interfaceOf, sendError, toDomainError } from './error-mapping';

const SAFE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** X-Request-Id: the caller's when it looks sane, otherwise a new UUID; echoed on every response. */
export function requestId(req: CrmRequest, res: Response, next: NextFunction): void {
  const given = req.headers['x-request-id'];
  req.id = typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
  res.setHeader('X-Request-Id', req.id);
  next();
}

/** One JSON line per request, after it finished (no query strings, no headers: they may carry secrets). */
export function accessLog(log: pino.Logger) {
  return (req: CrmRequest, res: Response, next: NextFunction): void => {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      log.info(
        {
          request_id: req.id,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - start) / 1_000_000n),
          workspace: req.workspace?.slug,
          user_id: req.auth?.user?.id,
        },
        'request',
      );
    });
    next();
  };
}

/** Runs the rest of the request inside its context (after body parsing, which would lose it). */
export function bindContext(req: CrmRequest, _res: Response, next: NextFunction): void {
  requestContext.run({ requestId: req.id }, next);
}

/** Express-level errors (body parsers, body guard) in the interface's format. */
export function expressErrorHandler(log: pino.Logger) {
  return (err: unknown, req: CrmRequest, res: Response, _next: NextFunction): void => {
    sendError(req, res, toDomainError(err), log, err);
  };
}

/**
 * Requests Node's HTTP parser refuses before any handler runs (headers or URL too long, malformed
 * request line): answered in the REST error envelope instead of an empty body.
 */
export function clientErrorHandler(err: Error & { code?: string; rawPacket?: Buffer }, socket: import('node:stream').Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable || (socket as { _httpMessage?: unknown })._httpMessage) {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const message = tooLarge ? 'request headers or URL too long' : 'malformed HTTP request';
  // the interface's own error format when the request line names its path (SCIM clients expect theirs)
  const path = /^[A-Z]{3,7} (\/[^\s?]{0,200})/.exec(err.rawPacket?.toString('latin1', 0, 220) ?? '')?.[1] ?? '';
  const scim = interfaceOf(path) === 'scim';
  const status = tooLarge ? 431 : 400;
  const body = scim
    ? JSON.stringify({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: String(status), scimType: 'invalidSyntax', detail: message })
    : JSON.stringify({ ok: false, error: 'invalid', message });
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\nContent-Type: ${scim ? 'application/scim+json' : 'application/json'}; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
