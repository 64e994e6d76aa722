import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import type pino from 'pino';
import type { CrmRequest } from './crm-request';
import { sendError, toDomainError } from './error-mapping';
import { isRouteMiss, methodNotAllowed } from './method-not-allowed';
import { StoredReply } from './idempotency.interceptor';

/** The one global filter: typed errors to the interface's error format; internals never leak; a known path with another method is 405; a stored idempotent answer is replayed. */
@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  /** `notFoundPage`: answers a path no controller has when it can (the web app's screens, and a browser's Not found page). */
  constructor(
    private readonly log: pino.Logger,
    private readonly notFoundPage?: (req: CrmRequest, res: Response) => boolean,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<CrmRequest>();
    const res = http.getResponse<Response>();
    // a repeat with an Idempotency-Key: the first answer again (src/edge/idempotency.interceptor.ts)
    if (exception instanceof StoredReply) return exception.write(res);
    const miss = isRouteMiss(exception);
    const wrongMethod = miss ? methodNotAllowed(req) : null;
    if (miss && !wrongMethod && this.notFoundPage?.(req, res)) return;
    sendError(req, res, wrongMethod ?? toDomainError(exception), this.log, exception);
  }
}
