import { createServer, Server, Socket } from 'node:net';
import { AddressInfo } from 'node:net';
import { SmtpMailTransport } from '../../src/events/mail';

/** A minimal SMTP server on loopback (no STARTTLS, no AUTH): records the envelope and the DATA of each message. */
function smtpServer(): Promise<{ server: Server; port: number; messages: { from: string; to: string[]; data: string }[] }> {
  const messages: { from: string; to: string[]; data: string }[] = [];
  const server = createServer((socket: Socket) => {
    let buf = '';
    let inData = false;
    let cur = { from: '', to: [] as string[], data: '' };
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
          messages.push(cur);
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
        }
        else if (cmd === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, messages })));
}

describe('SMTP transport (nodemailer, SMTP_URL)', () => {
  it('delivers an e-mail to the SMTP server named by the URL', async () => {
    const { server, port, messages } = await smtpServer();
    try {
      const t = new SmtpMailTransport(`smtp://127.0.0.1:${port}`);
      await t.send({ from: 'CRM <no-reply@crm.test>', to: 'new.user@acme.test', subject: 'Set your password', text: 'Open https://acme.crm.test/invite?token=abc' });
      expect(messages).toHaveLength(1);
      expect(messages[0]!.from).toContain('no-reply@crm.test');
      expect(messages[0]!.to.join()).toContain('new.user@acme.test');
      expect(messages[0]!.data).toContain('Subject: Set your password');
      expect(messages[0]!.data).toContain('invite?token=abc');
    } finally {
      server.close();
    }
  });

  it('fails (so the e-mail stays queued) when no server answers', async () => {
    const { server, port } = await smtpServer();
    server.close();
    await new Promise((r) => setTimeout(r, 50));
    const t = new SmtpMailTransport(`smtp://127.0.0.1:${port}`);
    await expect(t.send({ from: 'a@b.test', to: 'c@d.test', subject: 's', text: 't' })).rejects.toThrow();
  });
});
