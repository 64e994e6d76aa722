import { OutboundError, SafeHttpClient } from './safe-http';

/** One message of an OpenAI-compatible chat completion (the subset Ask sends and reads). */
export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A tool offered to the model: a function with a JSON Schema of its arguments. */
export interface ChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatReply {
  /** The assistant's text (null when it only calls tools). */
  content: string | null;
  toolCalls: ChatToolCall[];
  /** Tokens the call used as the API reports them (`usage.total_tokens`), else an estimate from the characters exchanged. */
  tokens: number;
}

/** Why the model gave no usable answer (unreachable, timeout, an error status, a body that is no chat completion). */
export class ChatModelError extends Error {}

const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/**
 * A client of an OpenAI-compatible chat-completions API with tool calling (OpenAI, Azure OpenAI's v1 API,
 * Mistral, vLLM, Ollama, llama.cpp server, LiteLLM …): one POST `{model, messages, tools, max_tokens}` per
 * turn, no streaming, through SafeHttpClient (the network guard; a total deadline via `signal`).
 */
export class ChatModelClient {
  private readonly endpoint: string;
  private readonly model: string;
  private readonly key: string | undefined;

  constructor(
    private readonly http: SafeHttpClient,
    opts: { url: string; model: string; key?: string },
  ) {
    this.model = opts.model;
    this.key = opts.key;
    this.endpoint = /\/chat\/completions$/.test(opts.url) ? opts.url : `${opts.url}/chat/completions`;
  }

  close(): void {
    this.http.close();
  }

  async complete(req: { messages: ChatMessage[]; tools?: ChatTool[]; maxTokens: number; signal: AbortSignal }): Promise<ChatReply> {
    const body: Record<string, unknown> = { model: this.model, messages: req.messages, max_tokens: req.maxTokens, stream: false };
    if (req.tools?.length) Object.assign(body, { tools: req.tools, tool_choice: 'auto' });
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.key) headers.authorization = `Bearer ${this.key}`;
    let res: { status: number; body: Buffer };
    try {
      res = await this.http.postJson(this.endpoint, { headers, body, maxBytes: MAX_ANSWER_BYTES, signal: req.signal });
    } catch (e) {
      throw new ChatModelError(e instanceof OutboundError ? e.message : 'request failed');
    }
    const text = res.body.toString('utf8');
    if (res.status < 200 || res.status > 299) throw new ChatModelError(`the model's API answered ${res.status}: ${errorOf(text)}`);
    return parseReply(text, JSON.stringify(body).length);
  }
}

function errorOf(text: string): string {
  try {
    const e = (JSON.parse(text) as { error?: { message?: unknown } | string }).error;
    const m = typeof e === 'string' ? e : e?.message;
    if (typeof m === 'string') return m.slice(0, 200);
  } catch {
    // not JSON: the first characters
  }
  return text.slice(0, 200) || '(no body)';
}

/** The first choice's message and the usage of a chat completion. */
export function parseReply(text: string, sentChars: number): ChatReply {
  let json: { choices?: { message?: { content?: unknown; tool_calls?: unknown } }[]; usage?: { total_tokens?: unknown } };
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    throw new ChatModelError('the model answered something that is not JSON');
  }
  const message = json?.choices?.[0]?.message;
  if (!message || typeof message !== 'object') throw new ChatModelError('the model answered no message');
  const content = typeof message.content === 'string' ? message.content : null;
  const calls = Array.isArray(message.tool_calls) ? (message.tool_calls as Partial<ChatToolCall>[]) : [];
  const toolCalls: ChatToolCall[] = calls
    .filter((c) => c && typeof c.id === 'string' && typeof c.function?.name === 'string')
    .map((c) => ({ id: c.id!, type: 'function', function: { name: c.function!.name, arguments: typeof c.function!.arguments === 'string' ? c.function!.arguments : '{}' } }));
  const total = json.usage?.total_tokens;
  const tokens = typeof total === 'number' && Number.isFinite(total) && total >= 0 ? total : Math.ceil((sentChars + text.length) / 4);
  return { content, toolCalls, tokens };
}
