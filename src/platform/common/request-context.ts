import { AsyncLocalStorage } from 'node:async_hooks';

/** Per-request values for logs: request id, workspace slug, user id. */
export interface RequestContext {
  requestId: string;
  workspace?: string;
  userId?: number;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();
