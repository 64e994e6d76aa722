import compression from 'compression';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** Below this a compressed body saves less than the headers and the CPU cost it adds. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers (the web app's bundle, API JSON, pages) only when the client lists an encoding in
 * Accept-Encoding, and adds `Vary: Accept-Encoding`. Brotli (quality 4) for the web app's hashed assets,
 * compressed once per browser and then cached for a year; gzip (level 5) for everything else: under load,
 * brotli streams on the 88 KB opportunity list cost the service many times the CPU of gzip for 2 % fewer
 * bytes (docs/performance.md, "Compression and first paint").
 * Never an event stream (Ask, MCP): a compressor holds bytes back until it has enough to encode, and an
 * event must reach the client when it is written.
 */
export function responseCompression(): RequestHandler {
  const compress = compression({
    threshold: COMPRESS_THRESHOLD_BYTES,
    level: 5,
    filter: (req: Request, res: Response) => {
      const type = String(res.getHeader('Content-Type') ?? '');
      if (type.startsWith('text/event-stream')) return false;
      // the token endpoint answers under 1 KB, and its fast path (no router, no compressor) must answer the
      // same headers as this routed one: no Vary either way
      if (req.path === '/oauth/token') return false;
      return compression.filter(req, res);
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    const accepted = req.headers['accept-encoding'];
    // the negotiation prefers br whenever it is listed: outside the assets, offer it gzip (or nothing) only
    if (accepted && !req.path.startsWith('/assets/')) req.headers['accept-encoding'] = withoutBrotli(accepted);
    compress(req, res, next);
  };
}

/** An Accept-Encoding value without its `br` entries. */
function withoutBrotli(value: string): string {
  return value
    .split(',')
    .filter((part) => part.split(';')[0].trim().toLowerCase() !== 'br')
    .join(',');
}
