import type { Lang } from '../../edge/pages/page-lang';

/**
 * The words of the settings pages' templates (settings.templates.ts), per language. A typed dictionary as
 * in the web app (web/src/lib/i18n.tsx): `tr` must have every key of `en`, tsc fails otherwise. Texts
 * with numbers or names are functions. The words of the controllers (notices, confirm steps, errors,
 * labels) are in settings-messages.text.ts.
 */
const en = {
  overviewTitle: 'Settings',
  signedInAs: (name: string) => `Signed in as ${name}`,
  overviewAdmin: ', an admin of this workspace',
  overviewMailbox: 'Your e-mail account is set up in the app:',
  overviewMailboxLink: 'E-mail account',
  overviewMine: 'Your account',
  overviewWorkspace: 'Workspace (admins)',
  overviewBack: 'Back to the app',
  errorBack: 'Back to settings',
  signedOutTitle: 'Signed out',
  signInAgain: 'Sign in again',
};

export type SettingsPageText = typeof en;

const tr: SettingsPageText = {
  overviewTitle: 'Ayarlar',
  signedInAs: (name) => `${name} olarak giriş yapıldı`,
  overviewAdmin: '; bu çalışma alanının yöneticisisiniz',
  overviewMailbox: 'E-posta hesabınız uygulamada ayarlanır:',
  overviewMailboxLink: 'E-posta hesabı',
  overviewMine: 'Hesabınız',
  overviewWorkspace: 'Çalışma alanı (yöneticiler)',
  overviewBack: 'Uygulamaya dön',
  errorBack: 'Ayarlara dön',
  signedOutTitle: 'Çıkış yapıldı',
  signInAgain: 'Yeniden giriş yap',
};

export const SETTINGS_PAGE_TEXT: Record<Lang, SettingsPageText> = { en, tr };
