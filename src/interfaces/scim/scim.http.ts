import { CallHandler, createParamDecorator, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import type { Observable } from 'rxjs';
import { DomainError } from '../../platform/common/errors';
import type { CrmRequest } from '../../edge/crm-request';
import { linkBaseOf } from '../../edge/base-url';
import { DEFAULT_COUNT, MAX_COUNT, SCIM_CONTENT_TYPE } from './scim.schemas';

/** Every SCIM answer is application/scim+json (errors too: see error-mapping.ts). */
@Injectable()
export class ScimContentType implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    context.switchToHttp().getResponse<Response>().type(SCIM_CONTENT_TYPE);
    return next.handle();
  }
}

/** The workspace's configured base URL (never the request's Host): the base of `meta.location`. */
export const ScimBase = createParamDecorator((_: unknown, ctx: ExecutionContext): string => linkBaseOf(ctx.switchToHttp().getRequest<CrmRequest>()));

/** A SCIM id is the user's integer id as a string; anything else is simply not found. */
export function scimId(id: string): number {
  if (!/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > 2_147_483_647) throw new DomainError('not_found', 'user not found');
  return Number(id);
}

export interface ScimPage {
  filter?: string;
  startIndex: number;
  count: number;
  attributes?: string;
  excludedAttributes?: string;
}

const invalidValue = (detail: string) => new DomainError('invalid', detail, { scimType: 'invalidValue' });

function param(query: Record<string, unknown>, name: string): string | undefined {
  const key = Object.keys(query).find((k) => k.toLowerCase() === name.toLowerCase());
  if (key === undefined) return undefined;
  const v = query[key];
  if (typeof v !== 'string') throw invalidValue(`${name}: give it once`);
  return v;
}

function integer(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  if (!/^\s*[+-]?\d{1,15}\s*$/.test(raw)) throw invalidValue(`${name}: must be an integer`);
  return Number(raw);
}

/**
 * Query parameters of a list (RFC 7644 §3.4.2.4): startIndex from 1 (less is 1), count at most 200
 * (more is 200; negative is 0; 0 returns only totalResults), names ignoring letter case.
 */
export function scimPage(query: Record<string, unknown>): ScimPage {
  const startIndex = Math.max(1, integer(param(query, 'startIndex'), 'startIndex') ?? 1);
  const count = Math.min(MAX_COUNT, Math.max(0, integer(param(query, 'count'), 'count') ?? DEFAULT_COUNT));
  const filter = param(query, 'filter');
  return {
    filter: filter === undefined || filter.trim() === '' ? undefined : filter,
    startIndex,
    count,
    attributes: param(query, 'attributes'),
    excludedAttributes: param(query, 'excludedAttributes'),
  };
}
