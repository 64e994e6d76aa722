import type { NextFunction, Request, Response } from 'express';
import { bodyParsers, inOrder, underMount } from '../../../src/edge/edge-chain';

type Fn = (req: Request, res: Response, next: NextFunction) => unknown;
const req = (headers: Record<string, string> = {}, path = '/api/v1/me') => ({ headers, path }) as unknown as Request;
const res = {} as Response;

/** Runs a chain and resolves with what it passed to its own `next` (undefined: went on without an error). */
function run(fn: Fn, r = req()): Promise<unknown> {
  return new Promise((resolve) => void fn(r, res, (err?: unknown) => resolve(err)));
}

describe('inOrder: edge steps as one Express layer', () => {
  it('runs the steps in order, also after a step that calls next later, then goes on', async () => {
    const seen: string[] = [];
    const later: Fn = (_q, _s, next) => void setImmediate(() => (seen.push('later'), next()));
    const chain = inOrder('x', [(_q, _s, next) => (seen.push('a'), next()), later, (_q, _s, next) => (seen.push('b'), next('route'))]);
    expect(await run(chain)).toBeUndefined();
    expect(seen).toEqual(['a', 'later', 'b']);
    expect(chain.name).toBe('x');
  });

  it('leaves the chain with an error: passed to next, thrown (also after an asynchronous next) or rejected', async () => {
    const boom = new Error('boom');
    let after = 0;
    const rest: Fn = (_q, _s, next) => (after++, next());
    const later: Fn = (_q, _s, next) => void setImmediate(() => next());
    expect(await run(inOrder('x', [(_q, _s, next) => next(boom), rest]))).toBe(boom);
    expect(await run(inOrder('x', [later, () => { throw boom; }, rest]))).toBe(boom);
    expect(await run(inOrder('x', [() => Promise.reject(boom), rest]))).toBe(boom);
    expect(after).toBe(0);
  });

  it('ends where a step answers without calling next', async () => {
    let after = 0;
    let answered = false;
    inOrder('x', [() => void (answered = true), () => void after++])(req(), res, () => after++);
    await new Promise((r) => setImmediate(r));
    expect([answered, after]).toEqual([true, 0]);
  });
});

describe('bodyParsers: the parsers only for a request with a body', () => {
  const calls: string[] = [];
  const parser = (name: string): Fn => (_q, _s, next) => (calls.push(name), next());
  const parse = bodyParsers({ mount: '/hooks', parse: parser('hooks') }, [parser('json'), parser('form')]);
  beforeEach(() => (calls.length = 0));

  it('skips them without Transfer-Encoding or a numeric Content-Length, leaving req.body undefined', async () => {
    const r = req({});
    expect(await run(parse, r)).toBeUndefined();
    expect(calls).toEqual([]);
    expect('body' in r && r.body === undefined).toBe(true);
    await run(parse, req({ 'content-length': 'abc' }));
    expect(calls).toEqual([]);
  });

  it('runs them for a body (Content-Length 0 too, as type-is says), the mount parser first on its paths', async () => {
    await run(parse, req({ 'content-length': '0' }));
    await run(parse, req({ 'transfer-encoding': 'chunked' }, '/HOOKS/abc'));
    await run(parse, req({ 'content-length': '5' }, '/hooksx'));
    expect(calls).toEqual(['json', 'form', 'hooks', 'json', 'form', 'json', 'form']);
  });

  it('matches a mount as Express does: the path or under it, any letter case', () => {
    expect(['/hooks', '/hooks/', '/Hooks/a', '/hooksx', '/hook', '/x/hooks'].map((p) => underMount(p, '/hooks'))).toEqual([true, true, true, false, false, false]);
  });
});
