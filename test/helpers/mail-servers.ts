import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { AddressInfo, createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A free TCP port on loopback (closed again before it is returned). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, deadlineMs: number, log: () => string): Promise<void> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const c = connect(port, '127.0.0.1');
      c.once('connect', () => (c.destroy(), resolve(true)));
      c.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`port ${port} did not open in time\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * One refused IMAP LOGIN, answered: dovecot starts its login and auth processes on the first connection, and on a
 * loaded machine that start can outlast a test's deadline; after this the first real login finds them running.
 */
async function refusedLogin(port: number, deadlineMs: number, log: () => string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const c = connect(port, '127.0.0.1');
    let got = '';
    let sent = false;
    const timer = setTimeout(() => (c.destroy(), reject(new Error(`dovecot did not answer a login in time\n${got}\n${log()}`))), deadlineMs);
    c.on('data', (d) => {
      got += d.toString();
      if (!sent && got.includes('* OK')) {
        sent = true;
        c.write('a1 LOGIN warmup@invalid wrong\r\n');
      }
      if (/\ba1 (NO|BAD|OK)\b/.test(got)) {
        clearTimeout(timer);
        c.destroy();
        resolve();
      }
    });
    c.once('error', (e) => (clearTimeout(timer), reject(e)));
  });
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface LoopbackSmtpAuth {
  port: number;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

/** npm smtp-server on loopback with AUTH PLAIN/LOGIN (no TLS: `tls: none`), accepting `user` / `password`. */
export async function startSmtp(user: string, password: string): Promise<LoopbackSmtpAuth> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === user && auth.password === password) return cb(null, { user: auth.username });
      return cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        cb();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return { port, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

export interface LoopbackImap {
  port: number;
  close(): Promise<void>;
  log(): string;
}

/** Where Debian's dovecot binary is (the CI installs dovecot-imapd). */
export const DOVECOT = ['/usr/sbin/dovecot', '/usr/bin/dovecot'].find((p) => existsSync(p)) ?? null;

/**
 * Debian's dovecot as a foreground process on a free loopback port, its configuration, passwd file,
 * run directory and maildirs in a temporary folder. Plain IMAP (no TLS) with the users given.
 */
export async function startDovecot(users: { user: string; password: string }[]): Promise<LoopbackImap> {
  if (!DOVECOT) throw new Error('dovecot is not installed (apt-get install -y dovecot-imapd)');
  const dir = mkdtempSync(join(tmpdir(), 'crm-dovecot-'));
  chmodSync(dir, 0o755);
  const root = process.getuid?.() === 0;
  // mail is never stored as root: as root the mail user is dovecot's own; otherwise the caller
  const uid = root ? Number(execFileSync('id', ['-u', 'dovecot']).toString().trim()) : process.getuid!();
  const gid = root ? Number(execFileSync('id', ['-g', 'dovecot']).toString().trim()) : process.getgid!();
  const me = root ? '' : execFileSync('id', ['-un']).toString().trim();
  for (const d of ['run', 'state', 'mail']) mkdirSync(join(dir, d));
  if (root) chownSync(join(dir, 'mail'), uid, gid);
  writeFileSync(join(dir, 'passwd'), users.map((u) => `${u.user}:{PLAIN}${u.password}`).join('\n') + '\n');
  const port = await freePort();
  const conf = `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
first_valid_uid = 1
mail_location = maildir:${dir}/mail/%u
${root ? '' : `default_login_user = ${me}\ndefault_internal_user = ${me}\n`}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`;
  writeFileSync(join(dir, 'dovecot.conf'), conf);
  let out = '';
  const proc: ChildProcess = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout?.on('data', (c) => (out += c));
  proc.stderr?.on('data', (c) => (out += c));
  const log = () => out + (existsSync(join(dir, 'dovecot.log')) ? readFileSync(join(dir, 'dovecot.log'), 'utf8') : '');
  await waitForPort(port, 20_000, log);
  await refusedLogin(port, 20_000, log);
  return {
    port,
    log,
    async close() {
      if (proc.exitCode === null) {
        const exited = new Promise((r) => proc.once('exit', r));
        proc.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
