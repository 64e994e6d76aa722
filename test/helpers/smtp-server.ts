import { createServer, Server, Socket } from 'node:net';
import { AddressInfo } from 'node:net';

export interface SmtpMessage {
  from: string;
  to: string[];
  data: string;
}

export interface LoopbackSmtp {
  server: Server;
  port: number;
  /** smtp://127.0.0.1:<port> (for SMTP_URL) */
  url: string;
  messages: SmtpMessage[];
  /** The next message whose envelope names `to` (already received, or waits for it). */
  next(to: string): Promise<SmtpMessage>;
  close(): Promise<void>;
}

/**
 * A minimal SMTP server on loopback (no STARTTLS, no AUTH): a real SMTP conversation with nodemailer,
 * recording the envelope and the DATA of each message.
 */
export function smtpServer(): Promise<LoopbackSmtp> {
  const messages: SmtpMessage[] = [];
  const waiting: { to: string; resolve: (m: SmtpMessage) => void }[] = [];
  const received = (m: SmtpMessage) => {
    messages.push(m);
    for (const w of [...waiting]) {
      if (m.to.some((t) => t.includes(w.to))) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  const sockets = new Set<Socket>();
  const server = createServer((socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buf = '';
    let inData = false;
    let cur: SmtpMessage = { from: '', to: [], data: '' };
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buf.indexOf('\r\n.\r\n');
          if (end < 0) return;
          cur.data = buf.slice(0, end);
          buf = buf.slice(end + 5);
          inData = false;
          received(cur);
          cur = { from: '', to: [], data: '' };
          socket.write('250 OK queued\r\n');
          continue;
        }
        const nl = buf.indexOf('\r\n');
        if (nl < 0) return;
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 2);
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250 test\r\n');
        else if (cmd === 'MAIL') {
          cur.from = line;
          socket.write('250 OK\r\n');
        } else if (cmd === 'RCPT') {
          cur.to.push(line);
          socket.write('250 OK\r\n');
        } else if (cmd === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (cmd === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      resolve({
        server,
        port,
        url: `smtp://127.0.0.1:${port}`,
        messages,
        next: (to) => {
          const have = messages.find((m) => m.to.some((t) => t.includes(to)));
          if (have) {
            messages.splice(messages.indexOf(have), 1);
            return Promise.resolve(have);
          }
          return new Promise((res) => waiting.push({ to, resolve: (m) => (messages.splice(messages.indexOf(m), 1), res(m)) }));
        },
        close: () => {
          for (const s of sockets) s.destroy();
          return new Promise<void>((res) => server.close(() => res()));
        },
      });
    }),
  );
}

/** The text of a message's DATA: headers dropped, quoted-printable soft breaks and escapes decoded. */
export function mailText(data: string): string {
  const body = data.slice(data.indexOf('\r\n\r\n') + 4);
  return body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}
