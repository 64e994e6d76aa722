import { CallHandler, DynamicModule, ExecutionContext, ForwardReference, Inject, Injectable, NestInterceptor, RequestMethod, Type } from '@nestjs/common';
import { INTERCEPTORS_METADATA, METHOD_METADATA, MODULE_METADATA } from '@nestjs/common/constants';
import type { Response } from 'express';
import type pino from 'pino';
import { from, Observable, switchMap } from 'rxjs';
import { ROOT_LOGGER } from '../platform/common/logger';
import { checkedKey, fingerprintOf, IdempotencyKeys, type StoredAnswer } from '../domain/identity/idempotency';
import type { CrmRequest } from './crm-request';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** The writes a key applies to: POST and PATCH of the REST API and of the ERP exchange (its report). */
export function takesIdempotencyKey(method: string, path: string): boolean {
  const m = method.toUpperCase();
  if (m !== 'POST' && m !== 'PATCH') return false;
  const p = path.toLowerCase();
  return p.startsWith('/api/v1/') || p.startsWith('/api/erp/v1/');
}

/** Thrown to answer a repeat with the stored first answer; the global exception filter writes it. */
export class StoredReply {
  constructor(readonly answer: StoredAnswer) {}

  write(res: Response): void {
    res.status(this.answer.status).setHeader(REPLAYED_HEADER, 'true');
    if (this.answer.contentType) res.setHeader('Content-Type', this.answer.contentType);
    res.send(this.answer.body);
  }
}

/**
 * `Idempotency-Key` (IETF httpapi draft) on every POST and PATCH of /api/v1 and /api/erp/v1 with
 * a verified credential (the guard ran before this). The key is the credential's: it is claimed in the
 * database before the handler runs (IdempotencyKeys.claim); a repeat with the same method, routed path and
 * body gets the first answer again with `Idempotent-Replayed: true`. The answer is stored just before it is
 * written (success and the error filter alike go through res.send): 2xx and 4xx are kept, any other
 * status frees the key so that a repeat runs again. Public routes (sign-in) ignore the header.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly keys: IdempotencyKeys,
    @Inject(ROOT_LOGGER) private readonly log: pino.Logger,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<CrmRequest>();
    const sent = req.headers['idempotency-key'];
    if (sent === undefined || !req.auth || !takesIdempotencyKey(req.method, req.path)) return next.handle();
    const key = checkedKey(Array.isArray(sent) ? sent.join(', ') : sent, IDEMPOTENCY_HEADER);
    const workspaceId = req.auth.workspace.id;
    const claim = this.keys.claim({ workspaceId, credentialId: req.auth.credential.id, key, fingerprint: fingerprintOf(req.method, req.path, req.body ?? null) });
    return from(claim).pipe(
      switchMap((c) => {
        if ('replay' in c) throw new StoredReply(c.replay);
        this.storeOnSend(context.switchToHttp().getResponse<Response>(), workspaceId, c.owned);
        return next.handle();
      }),
    );
  }

  /** Stores the answer (or frees the key) just before it is written; frees it when nothing is written. */
  private storeOnSend(res: Response, workspaceId: number, id: number): void {
    const send = res.send.bind(res);
    let settled = false;
    res.send = ((body?: unknown) => {
      // an object goes through res.json, which calls send again with the text
      if (settled || (body !== null && typeof body === 'object' && !Buffer.isBuffer(body))) return send(body);
      settled = true;
      const status = res.statusCode;
      const keep = (status >= 200 && status < 300) || (status >= 400 && status < 500);
      const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : body === undefined || body === null ? '' : null;
      const contentType = res.getHeader('Content-Type');
      const done =
        keep && text !== null
          ? this.keys.complete(workspaceId, id, { status, contentType: typeof contentType === 'string' ? contentType : null, body: text })
          : this.keys.release(workspaceId, id);
      void done
        .catch((e: unknown) => this.log.warn({ err: e }, 'idempotency key not stored'))
        .finally(() => send(body));
      return res;
    }) as Response['send'];
    res.once('close', () => {
      if (settled) return;
      settled = true;
      void this.keys.release(workspaceId, id).catch((e: unknown) => this.log.warn({ err: e }, 'idempotency key not freed'));
    });
  }
}

type ModuleRef = Type | DynamicModule | ForwardReference | Promise<DynamicModule>;

/**
 * Binds IdempotencyInterceptor to every POST and PATCH handler of the controllers of `root` and the modules
 * it imports, before Nest reads the routes (createApp): only those handlers can take a key. As a global
 * interceptor it put every GET through Nest's interceptor chain (rxjs and an async scope per request) to
 * do nothing (docs/performance.md, "Framework share").
 */
export function bindIdempotency(root: ModuleRef): void {
  const seen = new Set<unknown>();
  const walk = (ref: ModuleRef | undefined): void => {
    if (!ref || ref instanceof Promise) return;
    const mod = 'forwardRef' in ref ? ref.forwardRef() : ref;
    if (!mod || seen.has(mod)) return;
    seen.add(mod);
    const cls: Type = 'module' in mod ? mod.module : mod;
    const dynamic = 'module' in mod ? mod : undefined;
    const controllers: Type[] = [...((Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, cls) as Type[] | undefined) ?? []), ...(dynamic?.controllers ?? [])];
    for (const c of controllers) bindWrites(c);
    for (const i of [...((Reflect.getMetadata(MODULE_METADATA.IMPORTS, cls) as ModuleRef[] | undefined) ?? []), ...(dynamic?.imports ?? [])]) walk(i);
    if (dynamic) walk(cls);
  };
  walk(root);
}

const WRITES = new Set<RequestMethod>([RequestMethod.POST, RequestMethod.PATCH]);

function bindWrites(controller: Type): void {
  for (let proto = controller.prototype as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const handler = Object.getOwnPropertyDescriptor(proto, name)?.value as unknown;
      if (typeof handler !== 'function' || name === 'constructor') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined || !WRITES.has(method)) continue;
      const bound = (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined) ?? [];
      if (!bound.includes(IdempotencyInterceptor)) Reflect.defineMetadata(INTERCEPTORS_METADATA, [IdempotencyInterceptor, ...bound], handler);
    }
  }
}
