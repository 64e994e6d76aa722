import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** A middleware function of any request type (the edge's take CrmRequest); method syntax keeps its parameters bivariant. */
type Step = { run(req: Request, res: Response, next: NextFunction): unknown }['run'];

/**
 * Middleware run in order as one Express layer: the edge's steps were a dozen layers, and Express's router
 * spends a dispatch on each (match, parameter processing, its own bookkeeping) for every request
 * (docs/performance.md, "Framework share"). Behaves as the same steps as separate root layers: a step that
 * answers ends the chain, `next(err)` leaves it for Express's error handlers (the layers after the chain),
 * `next('route')` goes on with the next step, and a step that throws (or returns a promise that rejects) passes
 * its error on as Express's layer would, also when the step before it called `next` later (a body read).
 */
export function inOrder(name: string, steps: Step[]): RequestHandler {
  const chain = (req: Request, res: Response, next: NextFunction): void => {
    let i = 0;
    const step = (err?: unknown): void => {
      if (err && err !== 'route') return next(err);
      if (i === steps.length) return next();
      // as Express's layer calls a handler: a throw, or a promise that rejects, is the request's error
      let ret: unknown;
      try {
        ret = steps[i++](req, res, step);
      } catch (e) {
        return next(e);
      }
      if (ret instanceof Promise) ret.then(undefined, (e: unknown) => next(e || new Error('Rejected promise')));
    };
    step();
  };
  Object.defineProperty(chain, 'name', { value: name });
  return chain;
}

/** Express's `use(mount, fn)` test: the path is the mount or under it, letters in any case. */
export function underMount(path: string, mount: string): boolean {
  if (path.length < mount.length || path.slice(0, mount.length).toLowerCase() !== mount) return false;
  return path.length === mount.length || path[mount.length] === '/';
}

/**
 * The body parsers, only for a request that has a body: each parser would skip any other after the same
 * test (type-is's `hasBody`: a Transfer-Encoding or a numeric Content-Length), leaving `req.body` undefined.
 * `mounted` is the parser of one mount path (the inbound hooks' parser, which keeps the raw bytes): on its
 * paths it runs first, as its `use(mount, …)` layer did, and the parsers after it find the body read.
 */
export function bodyParsers(mounted: { mount: string; parse: Step }, parsers: Step[]): RequestHandler {
  const all = inOrder('parseBody', parsers);
  const withMounted = inOrder('parseBody', [mounted.parse, ...parsers]);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.headers['transfer-encoding'] === undefined && isNaN(req.headers['content-length'] as unknown as number)) {
      if (!('body' in req)) (req as { body?: unknown }).body = undefined;
      return next();
    }
    (underMount(req.path, mounted.mount) ? withMounted : all)(req, res, next);
  };
}
