import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import type pino from 'pino';
import type { CrmRequest } from './crm-request';
import { sendError, toDomainError } from './error-mapping';

/** The one global filter: typed errors to the interface's error format; internals never leak. */
@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  constructor(private readonly log: pino.Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    sendError(http.getRequest<CrmRequest>(), http.getResponse<Response>(), toDomainError(exception), this.log, exception);
  }
}
