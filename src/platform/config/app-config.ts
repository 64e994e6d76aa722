import { join, resolve } from 'node:path';
import { parseAllowlist, type AllowEntry } from '../net/network-policy';

/** Typed, validated configuration. Read once at boot; every value has a documented default (docs/configuration.md). */
export interface AppConfig {
  port: number;
  /** PostgreSQL server URL; when empty the embedded PGlite database under dataDir is used. */
  databaseUrl?: string;
  /**
   * DATABASE_POOL_MODE: `session` (default: a PostgreSQL server, or a pooler in session mode) or
   * `transaction` (DATABASE_URL is a pooler in transaction mode, e.g. PgBouncer `pool_mode = transaction`):
   * no named prepared statements, no session settings at connect; LISTEN only through databaseDirectUrl.
   */
  databasePoolMode: 'session' | 'transaction';
  /**
   * DATABASE_DIRECT_URL: the server itself, for the one session the service keeps (LISTEN for cache
   * invalidations). Default: DATABASE_URL in session mode, none in transaction mode (no LISTEN then).
   */
  databaseDirectUrl?: string;
  dataDir: string;
  /** Embedded database kept in memory only (tests). */
  embeddedInMemory: boolean;
  baseDomain: string;
  defaultWorkspace: string;
  trustProxy: boolean;
  apiTokenDays: number;
  /** Failed sign-ins per (user, client address) before 429 for that pair (reset by a successful sign-in). */
  loginMaxFailures: number;
  loginWindowMinutes: number;
  /** Failed sign-ins per client address per day, across usernames and workspaces. */
  loginAddressMaxFailures: number;
  /** Wrong one-time codes per user in the login window, over all addresses, before 429 for that user's code step. */
  loginOtpMaxFailures: number;
  redisUrl?: string;
  /** Prefix of every Redis key and of the cache-invalidation channel (tests use one per run). */
  redisKeyPrefix: string;
  /** Requests per minute per verified credential. */
  rateLimitPerMinute: number;
  /** Requests per minute per client address without a verified credential. */
  rateLimitAddressPerMinute: number;
  bodyLimitBytes: number;
  /** Website form submissions per client address per hour and workspace (public endpoint). */
  formSubmitPerHour: number;
  logLevel: string;
  /** Key for encrypting recoverable secrets (TOTP seeds, signing keys); 32+ chars. */
  secretKey?: string;
  defaultTimezone: string;
  appVersion: string;
  /** Create the demo workspace on first start; default on unless NODE_ENV=production. */
  seedDemo: boolean;
  /**
   * PUBLIC_URL: the public base of the default workspace; its scheme and port serve every workspace. The
   * base of every URL the service hands out (mailed links, record links, MCP answers: src/domain/workspace/link-base.ts).
   */
  publicUrl?: string;
  /** PUBLIC_SCHEME (without PUBLIC_URL): the scheme of those URLs; default http when BASE_DOMAIN is localhost, else https. */
  publicScheme: 'http' | 'https';
  /** PUBLIC_PORT (without PUBLIC_URL): their port; default PORT when BASE_DOMAIN is localhost, else the scheme's (left out). */
  publicPort: number;
  /** NODE_ENV=production. */
  production: boolean;
  /** Origins allowed to call /api/v1 from a browser (CORS); empty = CORS off. */
  corsOrigins: string[];
  // --- SCIM provisioning: invitation e-mails ---
  /** smtp:// or smtps:// URL of the mail server; empty: e-mails are written to the log (log transport). */
  smtpUrl?: string;
  /** Sender address of the service's e-mails. */
  mailFrom: string;
  /** How often the mail sender looks for pending e-mails (ms); 0 = never (tests send explicitly). */
  mailSendIntervalMs: number;
  /** Lifetime of a password-setup invitation link, in hours. */
  invitationHours: number;
  /** How often each instance writes its per-credential request counts (ms); 0 = only at shutdown and when asked (tests). */
  usageFlushMs: number;
  /** Requests per minute per client address on /oauth/* (429 slow_down). */
  rateLimitOAuthPerMinute: number;
  /** Requests per minute per ERP key on /api/erp/v1 (429 rate_limited). */
  rateLimitErpPerMinute: number;
  /**
   * PRIVATE_NETWORK_ALLOWLIST: the private networks (CIDRs) and hosts that destinations workspace users set
   * (webhooks, record connections, mailbox servers) may reach, also over http:// or without TLS. Never OAuth
   * client metadata documents; the operator's own ASK_LLM_URL needs no listing.
   */
  privateNetworkAllowlist: AllowEntry[];
  /** Deprecated ALLOW_PRIVATE_NETWORK_URLS=1: every private range counts as listed for user destinations (a warning at start). */
  allowAllPrivateNetworks: boolean;
  /**
   * Tests only: RECORD_API_BASE_<KIND> replaces a record-creation product's API root (a loopback stand-in).
   * Read only when NODE_ENV=test; set in any other environment it stops the start (ConfigError).
   */
  recordApiBases: Readonly<Record<string, string>>;
  /**
   * NODE_ENV=test: every MCP tool result is checked against the tool's `outputSchema` before it is answered (a mismatch
   * is an internal error naming the tool), so any test that calls a tool checks what a 2025-06-18 client checks.
   */
  checkToolOutputs: boolean;
  /** Total deadline of one client ID metadata document fetch (connect, headers and the whole body), ms. */
  clientMetadataTimeoutMs: number;
  // --- webhooks ---
  /** WEBHOOK_WORKER=0 turns the delivery worker of this instance off (events stay in the outbox for another instance). */
  webhookWorker: boolean;
  /** Idle polling interval of the delivery worker, ms. */
  webhookPollMs: number;
  /** Deliveries in flight at once per connection on one instance. */
  webhookConcurrency: number;
  // --- workflows ---
  /** WORKFLOW_WORKER=0 turns this instance's workflow engine off (runs wait for another instance). */
  workflowWorker: boolean;
  /** Polling interval of the workflow engine, ms (new events, due waits, time triggers). */
  workflowPollMs: number;
  /** Seconds a run claimed by an instance stays its own without progress; a run whose instance died is taken again after this. */
  workflowLeaseSeconds: number;
  // --- import jobs ---
  /** IMPORT_WORKER=0 turns this instance's import worker off (jobs wait for another instance). */
  importWorker: boolean;
  /** Idle polling interval of the import worker, ms (an API call that starts a job wakes it at once). */
  importPollMs: number;
  /** Seconds a worker holds a job between batches; a job whose instance died is taken over after this. */
  importLeaseSeconds: number;
  /** Rows of one batch (one transaction). */
  importBatchRows: number;
  /**
   * Minutes between housekeeping rounds (spent credentials deleted; on the embedded database, tables
   * vacuumed and analyzed as autovacuum would); 0 = off (tests run rounds explicitly).
   */
  housekeepingMinutes: number;
  // --- users' mailboxes ---
  /** Total deadline of one mailbox operation (connection test, one message sent, one sync round of one mailbox), ms. */
  mailboxTimeoutMs: number;
  /** How often the sender looks for queued user e-mails (ms; a send also starts a round at once); 0 = only on demand. */
  mailboxSendPollMs: number;
  /** Minutes between IMAP sync rounds over every connected mailbox; 0 = only on demand (POST /api/v1/me/mailbox/sync). */
  mailboxSyncMinutes: number;
  /** At most this many messages read per mailbox per sync round (the next round resumes). */
  mailboxSyncBatch: number;
  /** Connection tries (PUT /api/v1/me/mailbox/connection) a user may make per hour: each logs in to servers the user names. */
  mailboxConnectPerHour: number;
  /** Days the event journal (GET /api/v1/events) keeps an event; older ones are removed by housekeeping. */
  eventRetentionDays: number;
  /**
   * Minutes without an ERP poll, while an order has waited as long, before the ERP stall alert (a webhook
   * event of the orders feature) is raised (checked every housekeeping round); 0 = never.
   */
  erpStallMinutes: number;
  // --- Ask (questions in plain language through a language model) ---
  /** ASK_LLM_URL, ASK_LLM_MODEL, ASK_LLM_KEY and the per-question bounds; `url` and `model` empty: Ask is off (me.ai false). */
  ask: AskConfig;
}

/** The language model of Ask (an OpenAI-compatible chat-completions API with tool calling) and its bounds. */
export interface AskConfig {
  /** The API base (`…/v1`, `/chat/completions` is added) or the full chat-completions URL; none: Ask is off. */
  url?: string;
  model?: string;
  /** Bearer key of the API (none for a local server). */
  key?: string;
  /** Tool calls per question (ASK_MAX_TOOL_CALLS). */
  maxToolCalls: number;
  /** Tokens per question over all model calls, as the API reports them (ASK_MAX_TOKENS). */
  maxTokens: number;
  /** `max_tokens` of one model reply (ASK_MAX_ANSWER_TOKENS). */
  maxAnswerTokens: number;
  /** Total deadline of one question: every model call and tool call (ASK_TIMEOUT_MS). */
  timeoutMs: number;
  /** Questions per minute per user (ASK_RATE_LIMIT_PER_MINUTE). */
  ratePerMinute: number;
}

class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, def: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  return n;
}

function bool(env: NodeJS.ProcessEnv, name: string, def: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be a boolean (1/0/true/false), got "${raw}"`);
}

function str(env: NodeJS.ProcessEnv, name: string, def: string): string {
  const raw = env[name];
  return raw === undefined || raw === '' ? def : raw;
}

function isTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function smtpUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (!/^smtps?:\/\/[^\s]+$/.test(raw)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const slug = str(env, 'DEFAULT_WORKSPACE', 'demo');
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(slug)) throw new ConfigError(`DEFAULT_WORKSPACE is not a valid slug: "${slug}"`);
  const tz = str(env, 'DEFAULT_TIMEZONE', 'Europe/Istanbul');
  if (!isTimezone(tz)) throw new ConfigError(`DEFAULT_TIMEZONE is not a known IANA time zone: "${tz}"`);
  const secretKey = env.SECRET_KEY || undefined;
  if (secretKey && secretKey.length < 32) throw new ConfigError('SECRET_KEY must be at least 32 characters');
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  const databasePoolMode = str(env, 'DATABASE_POOL_MODE', 'session');
  if (databasePoolMode !== 'session' && databasePoolMode !== 'transaction') throw new ConfigError(`DATABASE_POOL_MODE must be session or transaction, got "${databasePoolMode}"`);
  const databaseDirectUrl = env.DATABASE_DIRECT_URL || undefined;
  if (databaseDirectUrl && !/^postgres(ql)?:\/\//.test(databaseDirectUrl)) throw new ConfigError('DATABASE_DIRECT_URL must start with postgres:// or postgresql://');
  if (!databaseUrl && (databaseDirectUrl || databasePoolMode !== 'session')) throw new ConfigError('DATABASE_POOL_MODE and DATABASE_DIRECT_URL need DATABASE_URL (the embedded database has no pooler)');
  const production = (env.NODE_ENV ?? '').trim().toLowerCase() === 'production';
  const port = int(env, 'PORT', 3000, 0, 65535);
  const corsOrigins = (env.CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const o of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+\/?$/.test(o)) throw new ConfigError(`CORS_ORIGINS: "${o}" is not an origin (scheme://host[:port], no path)`);
  }
  return {
    checkToolOutputs: (env.NODE_ENV ?? '').trim().toLowerCase() === 'test',
    port,
    databaseUrl,
    databasePoolMode,
    databaseDirectUrl,
    dataDir: resolve(str(env, 'DATA_DIR', join(process.cwd(), 'data'))),
    embeddedInMemory: bool(env, 'EMBEDDED_IN_MEMORY', false),
    ...linkSettings(env, port),
    defaultWorkspace: slug,
    trustProxy: bool(env, 'TRUST_PROXY', false),
    apiTokenDays: int(env, 'API_TOKEN_DAYS', 90, 1, 3650),
    loginMaxFailures: int(env, 'LOGIN_MAX_FAILURES', 5, 1, 1000),
    loginWindowMinutes: 15,
    loginAddressMaxFailures: int(env, 'LOGIN_ADDRESS_MAX_FAILURES', 100, 1, 1_000_000),
    loginOtpMaxFailures: int(env, 'LOGIN_OTP_MAX_FAILURES', 10, 1, 1000),
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: str(env, 'REDIS_KEY_PREFIX', 'crm'),
    rateLimitPerMinute: int(env, 'RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
    rateLimitAddressPerMinute: int(env, 'RATE_LIMIT_ADDRESS_PER_MINUTE', 300, 1, 1_000_000),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 50 * 1_048_576),
    formSubmitPerHour: int(env, 'FORM_SUBMIT_PER_HOUR', 20, 1, 1_000_000),
    logLevel: str(env, 'LOG_LEVEL', 'info'),
    secretKey,
    defaultTimezone: tz,
    appVersion: str(env, 'APP_VERSION', 'v1'),
    seedDemo: bool(env, 'SEED_DEMO', !production),
    production,
    corsOrigins: corsOrigins.map((o) => o.replace(/\/$/, '')),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: str(env, 'MAIL_FROM', 'CRM <no-reply@localhost>'),
    mailSendIntervalMs: int(env, 'MAIL_SEND_INTERVAL_MS', 5_000, 0, 3_600_000),
    invitationHours: int(env, 'INVITATION_HOURS', 72, 1, 24 * 90),
    usageFlushMs: int(env, 'USAGE_FLUSH_MS', 30_000, 0, 3_600_000),
    rateLimitOAuthPerMinute: int(env, 'RATE_LIMIT_OAUTH_PER_MINUTE', 60, 1, 1_000_000),
    rateLimitErpPerMinute: int(env, 'RATE_LIMIT_ERP_PER_MINUTE', 60, 1, 1_000_000),
    privateNetworkAllowlist: allowlist(env.PRIVATE_NETWORK_ALLOWLIST),
    allowAllPrivateNetworks: bool(env, 'ALLOW_PRIVATE_NETWORK_URLS', false),
    recordApiBases: recordApiBases(env),
    clientMetadataTimeoutMs: int(env, 'CLIENT_METADATA_TIMEOUT_MS', 5_000, 100, 60_000),
    ...workerSettings(env),
    housekeepingMinutes: int(env, 'HOUSEKEEPING_MINUTES', 10, 0, 24 * 60),
    eventRetentionDays: int(env, 'EVENT_RETENTION_DAYS', 7, 1, 3650),
    erpStallMinutes: int(env, 'ERP_STALL_MINUTES', 30, 0, 7 * 24 * 60),
    mailboxTimeoutMs: int(env, 'MAILBOX_TIMEOUT_MS', 30_000, 500, 300_000),
    mailboxSendPollMs: int(env, 'MAILBOX_SEND_POLL_MS', 5_000, 0, 3_600_000),
    mailboxSyncMinutes: int(env, 'MAILBOX_SYNC_MINUTES', 5, 0, 24 * 60),
    mailboxSyncBatch: int(env, 'MAILBOX_SYNC_BATCH', 100, 1, 10_000),
    mailboxConnectPerHour: int(env, 'MAILBOX_CONNECT_PER_HOUR', 10, 1, 1_000),
    ask: askConfig(env),
  };
}

/** The background workers of this instance: webhooks, workflows, imports. */
function workerSettings(
  env: NodeJS.ProcessEnv,
): Pick<AppConfig, 'webhookWorker' | 'webhookPollMs' | 'webhookConcurrency' | 'workflowWorker' | 'workflowPollMs' | 'workflowLeaseSeconds' | 'importWorker' | 'importPollMs' | 'importLeaseSeconds' | 'importBatchRows'> {
  return {
    webhookWorker: bool(env, 'WEBHOOK_WORKER', true),
    webhookPollMs: int(env, 'WEBHOOK_POLL_MS', 250, 10, 60_000),
    webhookConcurrency: int(env, 'WEBHOOK_CONCURRENCY', 4, 1, 64),
    workflowWorker: bool(env, 'WORKFLOW_WORKER', true),
    workflowPollMs: int(env, 'WORKFLOW_POLL_MS', 1_000, 10, 60_000),
    workflowLeaseSeconds: int(env, 'WORKFLOW_LEASE_SECONDS', 600, 5, 86_400),
    importWorker: bool(env, 'IMPORT_WORKER', true),
    importPollMs: int(env, 'IMPORT_POLL_MS', 1_000, 10, 60_000),
    importLeaseSeconds: int(env, 'IMPORT_LEASE_SECONDS', 60, 5, 3_600),
    importBatchRows: int(env, 'IMPORT_BATCH_ROWS', 500, 1, 5_000),
  };
}

/**
 * What the links the service hands out are built on (src/domain/workspace/link-base.ts). Without
 * PUBLIC_URL: a local install (BASE_DOMAIN localhost) is reached over http on PORT, any other domain
 * through a TLS-terminating proxy on the scheme's port.
 */
function linkSettings(env: NodeJS.ProcessEnv, port: number): Pick<AppConfig, 'baseDomain' | 'publicUrl' | 'publicScheme' | 'publicPort'> {
  const baseDomain = str(env, 'BASE_DOMAIN', 'localhost').toLowerCase();
  const publicUrl = env.PUBLIC_URL?.trim() || undefined;
  if (publicUrl && !/^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/.test(publicUrl)) throw new ConfigError(`PUBLIC_URL: "${publicUrl}" is not an http(s) URL (scheme://host[:port], optional path)`);
  if (publicUrl && (env.PUBLIC_SCHEME || env.PUBLIC_PORT)) throw new ConfigError('PUBLIC_SCHEME and PUBLIC_PORT apply only without PUBLIC_URL (whose scheme and port are used)');
  const local = baseDomain === 'localhost';
  const scheme = str(env, 'PUBLIC_SCHEME', local ? 'http' : 'https').toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') throw new ConfigError(`PUBLIC_SCHEME must be http or https, got "${scheme}"`);
  const standard = scheme === 'https' ? 443 : 80;
  return { baseDomain, publicUrl, publicScheme: scheme, publicPort: int(env, 'PUBLIC_PORT', local && port > 0 ? port : standard, 1, 65535) };
}

function allowlist(raw: string | undefined): AllowEntry[] {
  const parsed = parseAllowlist(raw ?? '');
  if ('bad' in parsed) throw new ConfigError(`PRIVATE_NETWORK_ALLOWLIST: "${parsed.bad}" is neither a network (10.0.0.0/8, fd00::/8, 127.0.0.1) nor a host name (hooks.corp.example, *.corp.example)`);
  return parsed;
}

function askConfig(env: NodeJS.ProcessEnv): AskConfig {
  const url = env.ASK_LLM_URL?.trim() || undefined;
  if (url && !/^https?:\/\/[^\s?#]+$/.test(url)) throw new ConfigError(`ASK_LLM_URL: "${url}" is not an http(s) URL`);
  const model = env.ASK_LLM_MODEL?.trim() || undefined;
  if (url && !model) throw new ConfigError('ASK_LLM_URL needs ASK_LLM_MODEL (the model name the API expects)');
  return {
    url: url?.replace(/\/+$/, ''),
    model,
    key: env.ASK_LLM_KEY || undefined,
    maxToolCalls: int(env, 'ASK_MAX_TOOL_CALLS', 8, 0, 50),
    maxTokens: int(env, 'ASK_MAX_TOKENS', 30_000, 1000, 1_000_000),
    maxAnswerTokens: int(env, 'ASK_MAX_ANSWER_TOKENS', 1_000, 50, 100_000),
    timeoutMs: int(env, 'ASK_TIMEOUT_MS', 60_000, 1000, 600_000),
    ratePerMinute: int(env, 'ASK_RATE_LIMIT_PER_MINUTE', 10, 1, 10_000),
  };
}

/** RECORD_API_BASE_<KIND>=http(s)://… (kind lower-cased), honoured only under NODE_ENV=test. */
function recordApiBases(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const m = /^RECORD_API_BASE_([A-Z_]+)$/.exec(name);
    if (!m || !value) continue;
    if ((env.NODE_ENV ?? '').trim().toLowerCase() !== 'test') throw new ConfigError(`${name} is for tests only (NODE_ENV=test): record-creation connections talk to the products' own APIs`);
    if (!/^https?:\/\/[^\s?#]+$/.test(value)) throw new ConfigError(`${name}: "${value}" is not an http(s) URL`);
    out[m[1].toLowerCase()] = value;
  }
  return out;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
