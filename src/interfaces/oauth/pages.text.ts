import type { Lang } from '../../edge/pages/page-lang';
import { LAYOUT_TEXT, LayoutText } from '../../edge/pages/layout.text';

/**
 * The words of the authorization server's pages (consent, error, sign-in heading), per language. A typed
 * dictionary: `tr` must have every key of `en` (tsc fails otherwise). The scopes themselves stay as the
 * API names them; what they allow is said in words (the same words as the domain's scopeWords in English).
 */
const en = {
  allowTitle: (app: string) => `Allow ${app}?`,
  allowBefore: 'Allow ',
  allowAfter: (workspace: string) => ` to use your CRM account in ${workspace}?`,
  unverifiedTag: 'Unverified app',
  unverifiedBefore: 'This app registered itself: its name is its own claim, checked by no one. It belongs to ',
  unverifiedAfter: '. Allow it only if you trust that site.',
  signedInBefore: (user: string, workspace: string) => `Signed in as ${user} in ${workspace}. After you decide you go back to `,
  signedInAfter: '.',
  ableTo: 'The app will be able to:',
  scopeRead: 'Read your CRM data (companies, people, opportunities, activities, tasks)',
  scopeWrite: 'Create and change CRM records on your behalf',
  scopesLine: (scopes: string) => `Scopes: ${scopes}. You can remove access at any time in App connections.`,
  allow: 'Allow',
  deny: 'Deny',
  errorTitle: 'Cannot continue',
  errorHeading: 'This request cannot continue',
  errorClose: 'Close this window and try again from the app.',
  signInHeading: 'Sign in to continue',
};

const tr: typeof en = {
  allowTitle: (app) => `${app} uygulamasına izin verilsin mi?`,
  allowBefore: '',
  allowAfter: (workspace) => ` uygulaması ${workspace} içindeki CRM hesabınızı kullanabilsin mi?`,
  unverifiedTag: 'Doğrulanmamış uygulama',
  unverifiedBefore: 'Bu uygulama kendini kaydetti: adı yalnızca kendi beyanıdır, kimse doğrulamadı. Şu siteye aittir: ',
  unverifiedAfter: '. Yalnızca o siteye güveniyorsanız izin verin.',
  signedInBefore: (user, workspace) => `${workspace} içinde ${user} olarak giriş yapıldı. Karar verdikten sonra şuraya dönersiniz: `,
  signedInAfter: '.',
  ableTo: 'Uygulama şunları yapabilecek:',
  scopeRead: 'CRM verilerinizi okumak (firmalar, kişiler, fırsatlar, aktiviteler, görevler)',
  scopeWrite: 'Sizin adınıza CRM kayıtları oluşturmak ve değiştirmek',
  scopesLine: (scopes) => `Kapsamlar: ${scopes}. Erişimi istediğiniz zaman Uygulama bağlantıları bölümünden kaldırabilirsiniz.`,
  allow: 'İzin ver',
  deny: 'Reddet',
  errorTitle: 'Devam edilemiyor',
  errorHeading: 'Bu istek devam edemiyor',
  errorClose: 'Bu pencereyi kapatın ve uygulamadan yeniden deneyin.',
  signInHeading: 'Devam etmek için giriş yapın',
};

export type OAuthPageText = LayoutText & typeof en;
export const OAUTH_TEXT: Record<Lang, OAuthPageText> = { en: { ...LAYOUT_TEXT.en, ...en }, tr: { ...LAYOUT_TEXT.tr, ...tr } };
