import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import * as nodemailer from 'nodemailer';
import { ImapFlow } from 'imapflow';
import type { NetworkPolicy } from '../../../platform/net/network-policy';
import type { ServerSettings } from './mailbox.entity';

/** Why a mail server could not be used: `auth` (refused the credentials) or `unreachable` (address, network, TLS, deadline). */
export class MailServerError extends Error {
  constructor(
    readonly kind: 'auth' | 'unreachable',
    message: string,
  ) {
    super(message);
  }
}

export interface GuardOptions {
  /** What a user's mail server may be (PRIVATE_NETWORK_ALLOWLIST: a workspace user sets it). */
  policy: NetworkPolicy;
  deadlineMs: number;
}

/**
 * The address a mail server's socket may connect to: the host resolved once and judged by the network
 * policy (loopback, private, link-local and metadata addresses refused unless the operator lists them;
 * `tls: none` only towards a listed destination); the client then connects to that address (TLS still
 * checks the certificate against the host name), so a name cannot resolve elsewhere between the check and
 * the connect. A refusal names no port and is given before any connection: nothing about the port is learnt.
 */
export async function guardedAddress(s: Pick<ServerSettings, 'host' | 'tls'>, policy: NetworkPolicy): Promise<string> {
  const h = s.host.replace(/^\[|\]$/g, '');
  const plain = s.tls === 'none';
  if (isIP(h)) {
    const refused = policy.refusal(h, h, plain);
    if (refused) throw new MailServerError('unreachable', refused);
    return h;
  }
  let addrs: { address: string }[];
  try {
    addrs = await lookup(h, { all: true });
  } catch {
    throw new MailServerError('unreachable', `${h} does not resolve`);
  }
  if (!addrs.length) throw new MailServerError('unreachable', `${h} does not resolve`);
  for (const a of addrs) {
    const refused = policy.refusal(h, a.address, plain);
    if (refused) throw new MailServerError('unreachable', refused);
  }
  return addrs[0].address;
}

/** Runs `work` within `ms`; on the deadline `abort` closes the connection and the result is an `unreachable` error. */
export async function withDeadline<T>(ms: number, what: string, work: () => Promise<T>, abort: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      abort();
      reject(new MailServerError('unreachable', `${what}: no answer within ${Math.round(ms / 1000)} s`));
    }, ms);
  });
  try {
    return await Promise.race([work(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

const clip = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 300);

// ---------------------------------------------------------------- SMTP

export interface OutgoingUserMail {
  from: { name: string; address: string };
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  html?: string;
  messageId: string;
  inReplyTo?: string;
  references?: string[];
}

type Transporter = ReturnType<typeof nodemailer.createTransport>;

async function smtpTransport(s: ServerSettings, password: string, g: GuardOptions): Promise<Transporter> {
  const address = await guardedAddress(s, g.policy);
  return nodemailer.createTransport({
    host: address,
    port: s.port,
    secure: s.tls === 'tls',
    requireTLS: s.tls === 'starttls',
    ignoreTLS: s.tls === 'none',
    auth: { user: s.user, pass: password },
    tls: { servername: isIP(s.host) ? undefined : s.host },
    connectionTimeout: g.deadlineMs,
    greetingTimeout: g.deadlineMs,
    socketTimeout: g.deadlineMs,
  });
}

function smtpFailure(e: unknown): MailServerError {
  if (e instanceof MailServerError) return e;
  const err = e as { code?: string; responseCode?: number; message?: string };
  if (err.code === 'EAUTH' || err.responseCode === 535 || err.responseCode === 534) return new MailServerError('auth', `SMTP login refused: ${clip(err.message ?? '')}`);
  return new MailServerError('unreachable', `SMTP: ${clip(err.message ?? String(e))}`);
}

/** Connects, logs in and quits (the connection test). */
export async function verifySmtp(s: ServerSettings, password: string, g: GuardOptions): Promise<void> {
  let t: Transporter | undefined;
  try {
    t = await smtpTransport(s, password, g);
    const tr = t;
    await withDeadline(g.deadlineMs, 'SMTP', () => tr.verify(), () => tr.close());
  } catch (e) {
    throw smtpFailure(e);
  } finally {
    t?.close();
  }
}

/** Sends one message; resolves when the server accepted it. */
export async function sendSmtp(s: ServerSettings, password: string, mail: OutgoingUserMail, g: GuardOptions): Promise<void> {
  let t: Transporter | undefined;
  try {
    t = await smtpTransport(s, password, g);
    const tr = t;
    await withDeadline(
      g.deadlineMs,
      'SMTP',
      () =>
        tr.sendMail({
          from: mail.from,
          to: mail.to,
          cc: mail.cc.length ? mail.cc : undefined,
          subject: mail.subject,
          text: mail.text,
          html: mail.html || undefined,
          messageId: `<${mail.messageId}>`,
          inReplyTo: mail.inReplyTo ? `<${mail.inReplyTo}>` : undefined,
          references: mail.references?.length ? mail.references.map((r) => `<${r}>`) : undefined,
        }),
      () => tr.close(),
    );
  } catch (e) {
    throw smtpFailure(e);
  } finally {
    t?.close();
  }
}

// ---------------------------------------------------------------- IMAP

/** A logged-in IMAP client (close it with `logout`). */
export async function openImap(s: ServerSettings, password: string, g: GuardOptions): Promise<ImapFlow> {
  const address = await guardedAddress(s, g.policy);
  const client = new ImapFlow({
    host: address,
    port: s.port,
    secure: s.tls === 'tls',
    doSTARTTLS: s.tls === 'starttls' ? true : s.tls === 'none' ? false : undefined,
    servername: isIP(s.host) ? false : s.host,
    auth: { user: s.user, pass: password },
    logger: false,
    connectionTimeout: g.deadlineMs,
    greetingTimeout: g.deadlineMs,
    socketTimeout: g.deadlineMs,
    disableAutoIdle: true,
  } as ConstructorParameters<typeof ImapFlow>[0]);
  client.on('error', () => undefined); // a socket error after the deadline must not crash the process
  try {
    await withDeadline(g.deadlineMs, 'IMAP', () => client.connect(), () => client.close());
    return client;
  } catch (e) {
    client.close();
    if (e instanceof MailServerError) throw e;
    const err = e as { authenticationFailed?: boolean; serverResponseCode?: string; message?: string; responseText?: string };
    if (err.authenticationFailed || err.serverResponseCode === 'AUTHENTICATIONFAILED') return Promise.reject(new MailServerError('auth', `IMAP login refused: ${clip(err.responseText ?? err.message ?? '')}`));
    throw new MailServerError('unreachable', `IMAP: ${clip(err.responseText ?? err.message ?? String(e))}`);
  }
}

/** Logs in and out (the connection test). */
export async function verifyImap(s: ServerSettings, password: string, g: GuardOptions): Promise<void> {
  const client = await openImap(s, password, g);
  await client.logout().catch(() => client.close());
}

/** Reads a stream up to `max` bytes (the rest is dropped). */
export async function readCapped(stream: Readable, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of stream as AsyncIterable<Buffer | string>) {
    const b = Buffer.isBuffer(c) ? c : Buffer.from(c);
    if (size < max) chunks.push(b.subarray(0, max - size));
    size += b.length;
  }
  return Buffer.concat(chunks).toString('utf8');
}
