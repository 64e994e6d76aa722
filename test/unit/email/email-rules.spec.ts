import { companyDomain, messageIds } from '../../../src/domain/crm/email/email-filing';
import { bodyParts } from '../../../src/domain/crm/email/email-sync';
import { sendProblems } from '../../../src/domain/crm/email/emails.service';
import { connectProblems } from '../../../src/domain/crm/email/mailbox-connector';

describe('e-mail rules', () => {
  it.each([
    ['<a@b> <c@d>', ['a@b', 'c@d']],
    ['', []],
    ['garbage <x@y>\r\n <z@w>', ['x@y', 'z@w']],
  ])('messageIds(%j)', (h, ids) => expect(messageIds(h)).toEqual(ids));

  it.each([
    ['https://www.anadolu.test/tr', '', 'anadolu.test'],
    ['anadolu.test', '', 'anadolu.test'],
    ['', 'info@anadolu.test', 'anadolu.test'],
    ['', 'anadolu@gmail.com', ''],
    ['', '', ''],
  ])('companyDomain(%j, %j) = %j', (w, e, d) => expect(companyDomain(w, e)).toBe(d));

  it('bodyParts finds the first text and html parts that are not attachments', () => {
    expect(
      bodyParts({
        type: 'multipart/mixed',
        childNodes: [
          { type: 'multipart/alternative', childNodes: [{ type: 'text/plain', part: '1.1' }, { type: 'text/html', part: '1.2' }] },
          { type: 'text/plain', part: '2', disposition: 'attachment' },
        ],
      } as never),
    ).toEqual({ text: '1.1', html: '1.2' });
    expect(bodyParts({ type: 'text/plain' } as never)).toEqual({ text: '1' });
  });

  it('sendProblems names each bad field', () => {
    expect(sendProblems({ to: [], subject: ' ', text: '' }).map((p) => p.field)).toEqual(['to', 'subject', 'text', 'customer_id']);
    expect(sendProblems({ to: ['a@b.test'], cc: ['bad'], subject: 's', text: 't', opp_id: 1 }).map((p) => p.field)).toEqual(['cc[0]']);
  });

  it('connectProblems refuses OAuth providers (not offered) and clear-text passwords without the private-network switch', () => {
    const s = { host: 'mail.example.com', port: 993, tls: 'none', user: 'u', password: 'p' };
    const input = { provider: 'imap_smtp', email: 'a@example.com', smtp: s, imap: { ...s, tls: 'tls' } };
    expect(connectProblems(input, false).map((p) => p.field)).toEqual(['smtp.tls']);
    expect(connectProblems(input, true)).toEqual([]);
    expect(connectProblems({ ...input, provider: 'gmail' }, true).map((p) => p.field)).toEqual(['provider']);
  });
});
