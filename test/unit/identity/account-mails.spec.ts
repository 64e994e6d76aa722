import { accountMail } from '../../../src/domain/identity/account-mails';

const input = { workspace: 'Ege Plastik', fullName: 'Ayşe Demir', username: 'ayse', link: 'https://ege.crm.test/invite#t', expires: 72, baseUrl: 'https://ege.crm.test' };

describe('account e-mails', () => {
  it('are written in the language of the person, Turkish or English', () => {
    const tr = accountMail('invitation', 'tr-TR', input);
    expect(tr.subject).toBe('Ege Plastik CRM hesabınız');
    expect(tr.body).toContain('Kullanıcı adınız: ayse.');
    expect(tr.body).toContain('72 saat');
    const en = accountMail('reset', 'en', { ...input, expires: 30 });
    expect(en.subject).toBe('Reset your Ege Plastik CRM password');
    expect(en.body).toContain('expires in 30 minutes');
  });
  it('carry the link on a line of its own in both languages, and fall back to English', () => {
    for (const locale of ['tr', 'en', 'de', null]) {
      for (const kind of ['invitation', 'reset'] as const) expect(accountMail(kind, locale, input).body.split('\n')).toContain(input.link);
    }
    expect(accountMail('reset', 'de', input).subject).toMatch(/^Reset your/);
  });
});
