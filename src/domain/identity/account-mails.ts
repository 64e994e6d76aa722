import { labelLang } from '../workspace/labels';

/** What an account e-mail says: the workspace, the person, the link and how long it works. */
export interface AccountMailInput {
  workspace: string;
  fullName: string;
  username: string;
  link: string;
  /** invitation: hours; reset: minutes */
  expires: number;
  /** the service's address for apps (invitation only) */
  baseUrl?: string;
}

type Mail = { subject: string; body: string };
type Texts = { invitation: (m: AccountMailInput) => Mail; reset: (m: AccountMailInput) => Mail };

const TEXTS: Record<'en' | 'tr', Texts> = {
  en: {
    invitation: (m) => ({
      subject: `Your ${m.workspace} CRM account`,
      body: [
        `Hello ${m.fullName},`,
        '',
        `an account was created for you in the ${m.workspace} CRM. Your user name is ${m.username}.`,
        `Set your password here (the link works once and expires in ${m.expires} hours):`,
        '',
        m.link,
        '',
        `Apps and integrations: POST ${m.baseUrl}/api/v1/invitations/accept with {"token": "…", "password": "…"}.`,
      ].join('\n'),
    }),
    reset: (m) => ({
      subject: `Reset your ${m.workspace} CRM password`,
      body: [
        `Hello ${m.fullName},`,
        '',
        `someone asked to reset the password of your ${m.workspace} CRM account (user name ${m.username}).`,
        `Choose a new password here (the link works once and expires in ${m.expires} minutes):`,
        '',
        m.link,
        '',
        'If it was not you, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
    }),
  },
  tr: {
    invitation: (m) => ({
      subject: `${m.workspace} CRM hesabınız`,
      body: [
        `Merhaba ${m.fullName},`,
        '',
        `${m.workspace} CRM'de sizin için bir hesap açıldı. Kullanıcı adınız: ${m.username}.`,
        `Şifrenizi buradan belirleyin (bağlantı bir kez çalışır ve ${m.expires} saat sonra geçersiz olur):`,
        '',
        m.link,
        '',
        `Uygulamalar ve entegrasyonlar: POST ${m.baseUrl}/api/v1/invitations/accept, gövde {"token": "…", "password": "…"}.`,
      ].join('\n'),
    }),
    reset: (m) => ({
      subject: `${m.workspace} CRM şifrenizi yenileyin`,
      body: [
        `Merhaba ${m.fullName},`,
        '',
        `${m.workspace} CRM hesabınızın (kullanıcı adı ${m.username}) şifresinin yenilenmesi istendi.`,
        `Yeni şifrenizi buradan seçin (bağlantı bir kez çalışır ve ${m.expires} dakika sonra geçersiz olur):`,
        '',
        m.link,
        '',
        'Bunu siz istemediyseniz bu e-postayı dikkate almayın: şifreniz değişmez.',
      ].join('\n'),
    }),
  },
};

/**
 * An invitation or password-reset e-mail in the person's language: their own choice (`users.locale`), else the
 * workspace's; English or Turkish, as the web app and the pages.
 */
export function accountMail(kind: keyof Texts, locale: string | null | undefined, input: AccountMailInput): Mail {
  return TEXTS[labelLang(locale)][kind](input);
}
