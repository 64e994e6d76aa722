import { AsyncLocalStorage } from 'node:async_hooks';

/** Per-request values for logs (request id, workspace slug, user id) and the base of record links. */
export interface RequestContext {
  requestId: string;
  workspace?: string;
  userId?: number;
  /** The absolute base of the links to this workspace's records, from configuration (src/domain/workspace/link-base.ts), never from the request. */
  linkBase?: { workspaceId: number; url: string };
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** The link base of the current request when it is for this workspace. */
export function requestLinkBase(workspaceId: number): string | undefined {
  const base = requestContext.getStore()?.linkBase;
  return base && base.workspaceId === workspaceId ? base.url : undefined;
}
