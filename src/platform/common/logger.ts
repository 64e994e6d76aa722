import { LoggerService } from '@nestjs/common';
import pino from 'pino';
import { requestContext } from './request-context';

/** Structured JSON logs. Secrets are redacted by path; request id, workspace and user come from the request context. */
export function createRootLogger(level: string): pino.Logger {
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.authorization', 'req.headers["x-service-erp-key"]', 'req.headers.cookie', '*.password', '*.token', '*.otp', '*.api_key', '*.key'],
      censor: '[redacted]',
    },
    mixin() {
      const ctx = requestContext.getStore();
      return ctx ? { request_id: ctx.requestId, workspace: ctx.workspace, user_id: ctx.userId } : {};
    },
  });
}

/**
 * Nest's start-up chatter (one line per module, controller and route: ~190 lines) goes to debug, so a
 * start prints a few lines at info; LOG_LEVEL=debug shows it.
 */
const START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/** Nest's logger interface on top of pino, so framework messages are JSON too. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly pinoLog: pino.Logger) {}
  log(message: unknown, context?: string) {
    if (context && START_UP_CONTEXTS.has(context)) this.pinoLog.debug({ context }, String(message));
    else this.pinoLog.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.pinoLog.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.pinoLog.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.pinoLog.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.pinoLog.trace({ context }, String(message));
  }
}

export const ROOT_LOGGER = Symbol('ROOT_LOGGER');
