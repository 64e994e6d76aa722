import type { Lang } from './page-lang';

/**
 * The text of the shared layout, its partials and the sign-in page (settings and OAuth), per language.
 * A typed dictionary, as in the web app: `tr` must have every key of `en` (tsc fails otherwise).
 */
const en = {
  layoutNav: 'Settings',
  layoutSignOut: 'Sign out',
  shownOnce: 'shown once; copy it now',
  signInTitle: 'Sign in',
  signInTo: (workspace: string) => `Sign in to ${workspace}`,
  signInAsks: 'asks to use your account in',
  signInUnverified: (domain: string) => `unverified app from ${domain}`,
  signInWorkspace: 'Workspace',
  signInOtpBefore: 'Signing in as ',
  signInOtpAfter: '. Enter the 6-digit code of your authenticator app.',
  signInOtpLabel: '6-digit code',
  signInUsername: 'Username or e-mail',
  signInPassword: 'Password',
  signInSubmit: 'Sign in',
  signInForgot: 'Forgot your password?',
  signInOther: 'Sign in as someone else',
  /** The sign-in refusals of BrowserSessionService, as it words them (matched to translate them). */
  signInErrors: {
    expired: 'The form expired. Please sign in again.',
    missing: 'Enter your username and password.',
    wrongCode: 'Invalid username, password or code.',
    wrong: 'Invalid username or password.',
    slow: 'The sign-in took too long. Please sign in again.',
    badCode: 'Invalid code. Please try again.',
    limited: 'Too many attempts. Please wait and try again.',
    inactive: 'This user is deactivated.',
    licence: 'The licence of this workspace is blocked.',
  },
};

export type LayoutText = typeof en;

const tr: LayoutText = {
  layoutNav: 'Ayarlar',
  layoutSignOut: 'Çıkış yap',
  shownOnce: 'yalnızca bir kez gösterilir; şimdi kopyalayın',
  signInTitle: 'Giriş yap',
  signInTo: (workspace) => `${workspace} için giriş`,
  signInAsks: 'şu çalışma alanında hesabınızı kullanmak istiyor:',
  signInUnverified: (domain) => `${domain} sitesinden doğrulanmamış uygulama`,
  signInWorkspace: 'Çalışma alanı',
  signInOtpBefore: '',
  signInOtpAfter: ' olarak giriş yapılıyor. Doğrulama uygulamanızdaki 6 haneli kodu girin.',
  signInOtpLabel: '6 haneli kod',
  signInUsername: 'Kullanıcı adı veya e-posta',
  signInPassword: 'Parola',
  signInSubmit: 'Giriş yap',
  signInForgot: 'Parolanızı mı unuttunuz?',
  signInOther: 'Başka bir kullanıcıyla giriş yap',
  signInErrors: {
    expired: 'Formun süresi doldu. Lütfen yeniden giriş yapın.',
    missing: 'Kullanıcı adınızı ve parolanızı girin.',
    wrongCode: 'Kullanıcı adı, parola veya kod yanlış.',
    wrong: 'Kullanıcı adı veya parola yanlış.',
    slow: 'Giriş çok uzun sürdü. Lütfen yeniden giriş yapın.',
    badCode: 'Kod geçersiz. Lütfen yeniden deneyin.',
    limited: 'Çok fazla deneme yapıldı. Lütfen biraz bekleyip yeniden deneyin.',
    inactive: 'Bu kullanıcı devre dışı.',
    licence: 'Bu çalışma alanının lisansı engellenmiş.',
  },
};

export const LAYOUT_TEXT: Record<Lang, LayoutText> = { en, tr };

/** A sign-in refusal of BrowserSessionService in this language (an unknown sentence stays as it is). */
export function signInError(lang: Lang, message: string | undefined): string | undefined {
  if (!message) return message;
  const key = (Object.keys(en.signInErrors) as (keyof LayoutText['signInErrors'])[]).find((k) => en.signInErrors[k] === message);
  return key ? LAYOUT_TEXT[lang].signInErrors[key] : message;
}
