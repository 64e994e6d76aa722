import { randomUUID } from 'node:crypto';
import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ElicitResultSchema, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { UserContext } from '../../domain/identity/auth-context';

/** Elicitation came in 2025-06-18; an older revision has no elicitation/create. */
export const REVISION_ELICITATION = '2025-06-18';
/** How long a destructive tool call waits for the user's answer before it gives up (nothing changed). */
export const ELICITATION_WAIT_MS = 5 * 60_000;
/** How long an initialize's declared capabilities are remembered (an access token lives 1 hour). */
const CAPABILITY_TTL_MS = 60 * 60_000;
const MAX_CLIENTS = 10_000;
const MAX_PENDING = 1_000;
const ID_PREFIX = 'confirm-';

export type Answer = 'accept' | 'decline' | 'cancel' | 'timeout';

/** The question a confirmation asks: one boolean the user ticks (form mode). */
const requestedSchema = { type: 'object', properties: { confirm: { type: 'boolean', title: 'Yes, do it', description: 'Tick to let the assistant go ahead' } }, required: ['confirm'] } as const;

const key = (auth: UserContext) => `${auth.workspace.id}:${auth.credential.id}`;

/**
 * Elicitation on a stateless server. The client declares `elicitation` only in `initialize`, which a
 * stateless server does not keep: this remembers, per credential and in memory, whether the last
 * initialize declared it (an instance that did not see it treats the client as one without: the tool
 * then needs `confirm: true`, never less safe). A destructive tool call of such a client is answered as
 * an event stream on its own POST: the server sends `elicitation/create` on it (an id `confirm-<uuid>`),
 * the client POSTs its answer as a separate request, which `answer` hands to the waiting call here.
 */
@Injectable()
export class McpElicitations implements OnApplicationShutdown {
  private readonly capable = new Map<string, number>();
  private readonly pending = new Map<string, { owner: string; settle: (a: Answer) => void }>();

  /** Notes the capabilities an `initialize` among the messages declares. */
  noteInitialize(auth: UserContext, messages: unknown[]): void {
    for (const m of messages) {
      const init = m as { method?: unknown; params?: { capabilities?: { elicitation?: unknown } } } | null;
      if (!init || typeof init !== 'object' || init.method !== 'initialize') continue;
      const e = init.params?.capabilities?.elicitation;
      // `elicitation: {}` means form mode (2025-06-18); from 2025-11-25 it may list `form` and `url`
      const form = !!e && typeof e === 'object' && (Object.keys(e).length === 0 || 'form' in e);
      this.capable.delete(key(auth));
      if (!form) continue;
      if (this.capable.size >= MAX_CLIENTS) this.capable.delete(this.capable.keys().next().value!);
      this.capable.set(key(auth), Date.now() + CAPABILITY_TTL_MS);
    }
  }

  /** Whether this caller's client declared elicitation (form mode) and the request's revision has it. */
  canElicit(auth: UserContext, revision: string): boolean {
    if (revision < REVISION_ELICITATION) return false;
    const until = this.capable.get(key(auth));
    return until !== undefined && until > Date.now();
  }

  /**
   * A POST of only JSON-RPC responses to confirmations this instance waits for (of the same credential):
   * settles them and answers true (the caller then answers 202). Anything else: false.
   */
  answer(auth: UserContext, messages: unknown[]): boolean {
    const found: { id: string; answer: Answer }[] = [];
    for (const m of messages) {
      const r = m as { id?: unknown; method?: unknown; result?: unknown; error?: unknown } | null;
      if (!r || typeof r !== 'object' || r.method !== undefined || typeof r.id !== 'string' || !r.id.startsWith(ID_PREFIX)) return false;
      const wait = this.pending.get(r.id);
      if (!wait || wait.owner !== key(auth)) return false;
      found.push({ id: r.id, answer: answerOf(r.result) });
    }
    for (const f of found) this.pending.get(f.id)?.settle(f.answer);
    return found.length > 0;
  }

  /** Sends `elicitation/create` on the stream of the request `relatedRequestId` and waits for the answer. */
  async ask(auth: UserContext, transport: Transport, relatedRequestId: RequestId, message: string, signal?: AbortSignal): Promise<Answer> {
    if (this.pending.size >= MAX_PENDING) return 'cancel';
    const id = ID_PREFIX + randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<Answer>((resolve) => {
      this.pending.set(id, { owner: key(auth), settle: resolve });
      timer = setTimeout(() => resolve('timeout'), ELICITATION_WAIT_MS);
      timer.unref();
      // the client went away (its stream closed) or cancelled the call: no answer will come
      signal?.addEventListener('abort', () => resolve('cancel'), { once: true });
    });
    try {
      await transport.send({ jsonrpc: '2.0', id, method: 'elicitation/create', params: { message, requestedSchema } }, { relatedRequestId });
      return await answered;
    } finally {
      clearTimeout(timer);
      this.pending.delete(id);
    }
  }

  onApplicationShutdown(): void {
    for (const p of this.pending.values()) p.settle('cancel');
  }
}

/** accept with the box ticked is a yes; accept without it, decline, cancel or an error are a no. */
function answerOf(result: unknown): Answer {
  const r = ElicitResultSchema.safeParse(result);
  if (!r.success) return 'cancel';
  if (r.data.action !== 'accept') return r.data.action;
  return r.data.content?.confirm === true ? 'accept' : 'decline';
}
