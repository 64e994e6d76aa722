import type { Response } from 'express';
import type pino from 'pino';
import type { CrmRequest } from '../../../edge/crm-request';
import { toDomainError } from '../../../edge/error-mapping';
import type { AskAnswer, AskListener } from '../../../domain/crm/ask';

/** The client asked for Server-Sent Events: `Accept` lists text/event-stream, and before application/json when it lists both. */
export function wantsEvents(req: CrmRequest): boolean {
  const types = (req.headers.accept ?? '').split(',').map((t) => t.split(';')[0].trim().toLowerCase());
  const events = types.indexOf('text/event-stream');
  const json = types.indexOf('application/json');
  return events >= 0 && (json < 0 || events < json);
}

/**
 * POST /api/v1/ask as Server-Sent Events: `tool`, `delta`, then `done` (the JSON answer) or `error`. The
 * headers go out with the first event, so what fails before it (a record the caller may not see, the
 * module) is answered by the exception filter as JSON with its status; a failure after it is an `error` event.
 */
export class AskEventWriter implements AskListener {
  private started = false;
  /** Aborted when the client goes away: the question stops at its next model call. */
  readonly gone = new AbortController();

  constructor(
    private readonly res: Response,
    private readonly log: pino.Logger,
    private readonly requestId: string,
  ) {
    res.on('close', () => {
      if (!res.writableFinished) this.gone.abort(new Error('the client went away'));
    });
  }

  tool(call: { name: string; arguments: unknown; error: string | null }): void {
    this.send('tool', call);
  }

  delta(text: string): void {
    this.send('delta', { text });
  }

  done(answer: { ok: true } & AskAnswer): void {
    this.send('done', answer);
    this.res.end();
  }

  /** A failure: thrown again before the first event (answered as JSON), else an `error` event. */
  fail(e: unknown): void {
    if (!this.started) throw e;
    const err = toDomainError(e);
    if (err.code === 'internal') this.log.error({ err: e, request_id: this.requestId }, 'Ask failed');
    this.send('error', { ok: false, error: err.code, message: err.code === 'internal' ? 'internal error' : err.message });
    this.res.end();
  }

  private send(event: string, data: unknown): void {
    if (!this.started) {
      this.started = true;
      this.res.status(200);
      this.res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      this.res.setHeader('Cache-Control', 'no-cache, no-store');
      this.res.setHeader('X-Accel-Buffering', 'no');
      this.res.flushHeaders();
    }
    if (!this.res.writableEnded) this.res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }
}
