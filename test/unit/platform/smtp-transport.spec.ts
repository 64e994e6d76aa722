import { SmtpMailTransport } from '../../../src/platform/outbox/mail';
import { smtpServer } from '../../helpers/smtp-server';

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
