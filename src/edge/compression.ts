import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Below this a compressed body saves less than the headers and the CPU cost it adds. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers (the web app's bundle, API JSON, pages) with brotli or gzip, only when the client
 * lists one in Accept-Encoding, and adds `Vary: Accept-Encoding`. Brotli at quality 4 and gzip at level 5:
 * near the best ratio for JSON at a fraction of the CPU of the higher levels (docs/performance.md).
 * Never an event stream (Ask, MCP): a compressor holds bytes back until it has enough to encode, and an
 * event must reach the client when it is written.
 */
export function responseCompression(): RequestHandler {
  return compression({
    threshold: COMPRESS_THRESHOLD_BYTES,
    level: 5,
    filter: (req: Request, res: Response) => {
      const type = String(res.getHeader('Content-Type') ?? '');
      if (type.startsWith('text/event-stream')) return false;
      return compression.filter(req, res);
    },
  });
}
