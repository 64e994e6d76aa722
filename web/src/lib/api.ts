import { crmClient, type Schemas, type paths } from '../../../client/index';
import { isRecordWrite } from './writes';

export type { Schemas };
/** A route of the API (a key of the typed client's paths). */
export type Paths = keyof paths;
/** The query parameters of a GET route of the API (a list's filters, without the cursor the pager adds). */
export type QueryOf<P extends keyof paths> = Omit<paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never, 'cursor'>;

/**
 * The CSRF token the service bound to this browser's session (cookie `crm_csrf`, readable by script by design;
 * `__Host-crm_csrf` over https, which wins over a plain one another host of the site may have planted).
 */
export function csrfToken(): string {
  const m = /(?:^|;\s*)__Host-crm_csrf=([^;]+)/.exec(document.cookie) ?? /(?:^|;\s*)crm_csrf=([^;]+)/.exec(document.cookie);
  return m ? decodeURIComponent(m[1]) : '';
}

/**
 * The one client of the app: the public REST API through the typed client generated from the OpenAPI
 * document. The session is the HttpOnly `crm_session` cookie; every call carries the CSRF header.
 */
export const api = crmClient({ baseUrl: window.location.origin, credentials: 'same-origin' });
api.use({
  onRequest({ request }) {
    const token = csrfToken();
    if (token) request.headers.set('X-CSRF-Token', token);
    return request;
  },
  onResponse({ request, response }) {
    if (response.status === 401 && !response.url.endsWith('/api/v1/session')) signedOut();
    if (response.ok && isRecordWrite(request.method, new URL(response.url).pathname)) written();
    return response;
  },
});

/** The error envelope of the REST API (`ok: false`, `error` code, `message`, extras). */
export interface ApiError {
  ok?: false;
  error: string;
  message?: string;
  status?: number;
  [extra: string]: unknown;
}

/** Thrown by `must()` for an error answer; `body` is the error envelope. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
  ) {
    super(body.message || body.error || `HTTP ${status}`);
  }
}

/** The data of a typed-client answer, or throws ApiFailure. */
export function must<T>(r: { data?: T; error?: unknown; response: Response }): T {
  if (r.data !== undefined && r.response.ok) return r.data;
  const body = (r.error && typeof r.error === 'object' ? r.error : { error: 'http', message: `HTTP ${r.response.status}` }) as ApiError;
  throw new ApiFailure(r.response.status, body);
}

let onSignedOut: (() => void) | undefined;
/** Registers what happens when the API says the session is gone (the app shows sign-in, keeping the place). */
export function whenSignedOut(fn: () => void): void {
  onSignedOut = fn;
}
function signedOut(): void {
  onSignedOut?.();
}

let onWritten: (() => void) | undefined;
/**
 * Registers what happens after every successful write of records, whichever screen made it: the app marks what
 * it has read as stale (main.tsx), so that every other screen that shows the record reads it again when it is
 * next shown. The screen that wrote still updates its own view from the answer, as before.
 */
export function whenWritten(fn: () => void): void {
  onWritten = fn;
}
function written(): void {
  onWritten?.();
}
