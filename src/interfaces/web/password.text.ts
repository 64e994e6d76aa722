import type { Lang } from '../../edge/pages/page-lang';
import { PASSWORD_MAX, PASSWORD_RULES } from '../../domain/identity/password';

/**
 * The words of the password pages (set a password, forgot password) and of the admins' Users page, per
 * language. A typed dictionary: `tr` must have every key of `en` (tsc fails otherwise).
 */
const en = {
  invitationHeading: 'Set your password',
  invitationIntro: (workspace: string, name: string) => ({ before: 'Welcome to the ', workspace, after: ` CRM, ${name}.` }),
  resetHeading: 'Choose a new password',
  resetIntro: (workspace: string, name: string) => ({ before: 'A new password for the ', workspace, after: ` CRM, ${name}.` }),
  yourUsername: 'Your user name:',
  newPassword: 'New password',
  repeatPassword: 'Repeat the password',
  rules: PASSWORD_RULES,
  setAndSignIn: 'Set password and sign in',
  getNewLink: 'Get a new link by e-mail',
  signIn: 'Sign in',
  forgotTitle: 'Forgot password',
  forgotHeading: 'Forgot your password?',
  forgotAbout: 'Enter your user name or e-mail address. If we know it, we send you an e-mail with a link to choose a new password.',
  forgotLogin: 'Username or e-mail',
  forgotSend: 'Send the link',
  backToSignIn: 'Back to sign-in',
  sentTitle: 'Check your e-mail',
  sentAbout: (minutes: number) => `If the user name or address is known, we sent an e-mail with a link to choose a new password. The link works once, for ${minutes} minutes.`,
  sentNoMail: 'No e-mail? Check the spam folder, or ask an admin of your workspace.',
  linkBroken: 'This link does not work',
  linkUnknown: 'The link is not valid. Check that you opened the whole link from the e-mail.',
  linkInactive: 'This user is deactivated.',
  linkExpired: 'This link has expired',
  linkSpent: 'The link was already used or has expired. Ask for a new one below, or ask an admin of your workspace.',
  formExpiredPassword: 'The form expired. Please enter the password again.',
  formExpiredForgot: 'The form expired. Please send it again.',
  notSame: 'The two passwords are not the same.',
  /** A refused password (the service's reason, `password: …`), in this language. */
  passwordRefused: (reason: string) => `Password: ${reason}`,
  tooManyAttempts: 'Too many attempts. Please wait and try again.',
};

export type PasswordText = typeof en;

/** The reasons of password.ts (`passwordProblem`) in Turkish; another reason shows as it is. */
function reasonTr(reason: string): string {
  if (reason.startsWith('at least 8')) return 'en az 8 karakter olmalı.';
  if (reason.startsWith('at most')) return `en fazla ${PASSWORD_MAX} karakter olmalı.`;
  if (reason.startsWith('too weak')) return `çok zayıf. ${tr.rules}`;
  return reason;
}

const tr: PasswordText = {
  invitationHeading: 'Parolanızı belirleyin',
  invitationIntro: (workspace, name) => ({ before: `${name}, `, workspace, after: ' CRM’ine hoş geldiniz.' }),
  resetHeading: 'Yeni bir parola seçin',
  resetIntro: (workspace, name) => ({ before: `${name}, `, workspace, after: ' CRM’i için yeni parolanız.' }),
  yourUsername: 'Kullanıcı adınız:',
  newPassword: 'Yeni parola',
  repeatPassword: 'Parolayı yineleyin',
  rules: 'En az 8 karakter; yaygın bir parola olmamalı ve kullanıcı adınızı içermemeli. 12 karakterden kısaysa şunlardan üçünü içermeli: küçük harf, büyük harf, rakam, simge.',
  setAndSignIn: 'Parolayı belirle ve giriş yap',
  getNewLink: 'E-postayla yeni bağlantı al',
  signIn: 'Giriş yap',
  forgotTitle: 'Parolamı unuttum',
  forgotHeading: 'Parolanızı mı unuttunuz?',
  forgotAbout: 'Kullanıcı adınızı veya e-posta adresinizi girin. Tanıyorsak, yeni parola seçmeniz için bağlantı içeren bir e-posta göndeririz.',
  forgotLogin: 'Kullanıcı adı veya e-posta',
  forgotSend: 'Bağlantıyı gönder',
  backToSignIn: 'Girişe dön',
  sentTitle: 'E-postanızı kontrol edin',
  sentAbout: (minutes) => `Kullanıcı adı veya adres biliniyorsa, yeni parola seçmeniz için bağlantı içeren bir e-posta gönderdik. Bağlantı bir kez ve ${minutes} dakika boyunca çalışır.`,
  sentNoMail: 'E-posta gelmedi mi? İstenmeyen klasörüne bakın ya da çalışma alanınızın bir yöneticisine sorun.',
  linkBroken: 'Bu bağlantı çalışmıyor',
  linkUnknown: 'Bağlantı geçerli değil. E-postadaki bağlantının tamamını açtığınızdan emin olun.',
  linkInactive: 'Bu kullanıcı devre dışı.',
  linkExpired: 'Bu bağlantının süresi doldu',
  linkSpent: 'Bağlantı zaten kullanılmış ya da süresi dolmuş. Aşağıdan yenisini isteyin ya da çalışma alanınızın bir yöneticisine sorun.',
  formExpiredPassword: 'Formun süresi doldu. Lütfen parolayı yeniden girin.',
  formExpiredForgot: 'Formun süresi doldu. Lütfen yeniden gönderin.',
  notSame: 'İki parola aynı değil.',
  passwordRefused: (reason) => `Parola: ${reasonTr(reason)}`,
  tooManyAttempts: 'Çok fazla deneme yapıldı. Lütfen biraz bekleyip yeniden deneyin.',
};

export const PASSWORD_TEXT: Record<Lang, PasswordText> = { en, tr };
