import type { Lang } from '../../edge/pages/page-lang';

/**
 * The words the settings controllers put on the pages, per language: navigation, the landing page's
 * lines, sign-in and error pages. A typed
 * dictionary: `tr` must have every key of `en` (tsc fails otherwise). API event names, scopes and the
 * installation's constants are shown as they are.
 */
const en = {
  navOverview: 'Overview',
  navConnections: 'Connections',
  navDevelopers: 'Developers',
  navSessions: 'Sessions',
  navApps: 'Apps',
  navUsers: 'Users',
  navWorkflows: 'Workflows',
  navTargets: 'Weekly targets',
  aboutConnections: 'Apps and keys that use the CRM as you (every connection of the workspace for admins): use, revoke, rotate.',
  aboutDevelopers: 'Your API keys for scripts and other programs.',
  aboutSessions: 'Where you are signed in; sign other devices out.',
  aboutApps: 'Webhook, chat and record-creation connections of the workspace.',
  aboutScim: 'User provisioning from your identity provider.',
  aboutErp: 'The ERP connection: keys, order queue, errors and dead letters.',
  aboutUsers: 'Invite, change and deactivate users.',
  aboutTargets: 'Visits and completed tasks per user and week, for Today and the activity report.',
  aboutWorkflows: 'Rules the CRM follows on its own: tasks, field changes, notes and owners when something happens.',
  signInHeading: 'Sign in to settings',
  titleForbidden: 'Forbidden',
  titleSignedOut: 'Signed out',
  titleCannotContinue: 'Cannot continue',
  sessionEnded: 'Your session has ended. Please sign in again.',
  formExpired: 'The form expired. Reload the page and try again.',
  adminsOnly: 'Only admins can open this page.',
  /** A refusal of the services in this language (English: the service's own sentence). */
  invalidFields: (_fields: string, message: string) => message,
  refused: (message: string) => message,
  notFoundRefusal: (message: string) => message,
  /** The form's names of the API's fields, for a 400 that names them. */
  fieldNames: { name: 'Name', url: 'URL', kind: 'Kind', events: 'Events', filter: 'Filter', since: 'Since', token: 'Product token', config: 'Settings' },
};

export type SettingsMessages = typeof en;

const tr: SettingsMessages = {
  navOverview: 'Genel bakış',
  navConnections: 'Bağlantılar',
  navDevelopers: 'Geliştiriciler',
  navSessions: 'Oturumlar',
  navApps: 'Uygulamalar',
  navUsers: 'Kullanıcılar',
  navWorkflows: 'İş akışları',
  navTargets: 'Haftalık hedefler',
  aboutConnections: 'CRM’i sizin adınıza kullanan uygulamalar ve anahtarlar (yöneticiler için çalışma alanının tüm bağlantıları): kullanım, iptal, anahtar yenileme.',
  aboutDevelopers: 'Betikler ve diğer programlar için API anahtarlarınız.',
  aboutSessions: 'Giriş yaptığınız yerler; diğer cihazların oturumunu kapatın.',
  aboutApps: 'Çalışma alanının webhook, sohbet ve kayıt oluşturma bağlantıları.',
  aboutScim: 'Kimlik sağlayıcınızdan kullanıcı sağlama.',
  aboutErp: 'ERP bağlantısı: anahtarlar, sipariş kuyruğu, hatalar ve yazılamayan siparişler.',
  aboutUsers: 'Kullanıcıları davet edin, değiştirin ve devre dışı bırakın.',
  aboutTargets: 'Kullanıcı başına haftalık ziyaret ve tamamlanan görev hedefleri: Bugün ekranı ve etkinlik raporu için.',
  aboutWorkflows: 'CRM’in kendiliğinden uyguladığı kurallar: bir şey olduğunda görevler, alan değişiklikleri, notlar ve sorumlular.',
  signInHeading: 'Ayarlara giriş',
  titleForbidden: 'Erişim yok',
  titleSignedOut: 'Çıkış yapıldı',
  titleCannotContinue: 'Devam edilemiyor',
  sessionEnded: 'Oturumunuz sona erdi. Lütfen yeniden giriş yapın.',
  formExpired: 'Formun süresi doldu. Sayfayı yenileyip yeniden deneyin.',
  adminsOnly: 'Bu sayfayı yalnızca yöneticiler açabilir.',
  invalidFields: (fields) => `Lütfen şu alanları kontrol edin: ${fields}.`,
  refused: () => 'Bu işlem yapılamadı. Girdiklerinizi kontrol edip yeniden deneyin.',
  notFoundRefusal: () => 'Bulunamadı.',
  fieldNames: { name: 'Ad', url: 'URL', kind: 'Tür', events: 'Olaylar', filter: 'Filtre', since: 'Başlangıç', token: 'Ürün anahtarı', config: 'Ayarlar' },
};

export const SETTINGS_MESSAGES: Record<Lang, SettingsMessages> = { en, tr };
