import { createContext, useContext, type ReactNode } from 'react';

/**
 * The app's text in English and Turkish. A typed dictionary instead of an i18n library: tsc fails when a
 * key is missing in either language, and the app needs no plural engine beyond `{n}`. See docs/decisions/i18n.md.
 */
const en = {
  'app.loading': 'Loading…',
  'app.error': 'Something went wrong.',
  'app.retry': 'Try again',
  'app.notFound': 'Not found',
  'app.notFoundText': 'This record does not exist, or you may not see it.',
  'app.skip': 'Skip to content',
  'nav.settings': 'Settings',
  'nav.menu': 'Menu',
  'nav.main': 'Main',
  'search.label': 'Search companies, people, opportunities, tasks, visits and orders',
  'search.placeholder': 'Search…',
  'search.none': 'Nothing found.',
  'search.title': 'Search',
  'user.menu': 'Account',
  'user.sessions': 'Sessions',
  'user.signOut': 'Sign out',
  'user.language': 'Language',
  'user.mailbox': 'E-mail account',
  'picker.placeholder': 'Type to search…',
  'picker.companyFirst': 'Choose a company first',
  'picker.none': 'No match.',
  'picker.count': '{n} found',
  'picker.changeShort': 'Change',
  'picker.change': 'Change {label}: {name}',
  'picker.company': 'Company',
  'picker.opportunity': 'Opportunity',
  'picker.required': 'required',
  'signin.title': 'Sign in',
  'signin.username': 'E-mail',
  'signin.password': 'Password',
  'signin.otp': 'Two-factor code',
  'signin.otpHelp': 'Enter the 6-digit code from your authenticator app.',
  'signin.submit': 'Sign in',
  'signin.forgot': 'Forgot password?',
  'signin.failed': 'Wrong e-mail or password.',
  'signin.otpFailed': 'That code is not valid.',
  'signin.limited': 'Too many attempts. Try again in a minute.',
  'signin.blocked': 'Your account cannot sign in.',
  'signin.weak': 'Your password is weak. Change it in the settings.',
  'common.save': 'Save',
  'common.cancel': 'Cancel',
  'common.edit': 'Edit',
  'common.create': 'Create',
  'common.archive': 'Archive',
  'common.more': 'Load more',
  'search.short': '1 or 2 letters find names that start with them; from 3 letters on, names that contain them.',
  'common.none': 'None',
  'common.all': 'All',
  'common.owner': 'Owner',
  'common.status': 'Status',
  'common.name': 'Name',
  'common.close': 'Close',
  'common.required': 'required',
  'common.fixFields': 'Please correct the marked fields.',
  'common.archiveAsk': 'Archive {name}? It leaves the lists; its history stays and it can be restored.',
  'common.archiveYes': 'Yes, archive',
  'common.delete': 'Delete',
  'common.deleteAsk': 'Delete {name}? This cannot be undone.',
  'common.deleteYes': 'Yes, delete',
  'common.shown': '{n} shown',
  'field.required': '{label} is required.',
  'field.min': '{label} must be at least {n}.',
  'field.max': '{label} must be at most {n}.',
  'field.number': '{label} must be a number.',
  'field.integer': '{label} must be a whole number.',
  'field.date': '{label} must be a date.',
  'field.length': '{label} can have at most {n} characters.',
  'field.other': '{label}: {message}.',
} as const;

export type TextKey = keyof typeof en;
type Dictionary = Record<TextKey, string>;

const tr: Dictionary = {
  'app.loading': 'Yükleniyor…',
  'app.error': 'Bir şeyler ters gitti.',
  'app.retry': 'Tekrar dene',
  'app.notFound': 'Bulunamadı',
  'app.notFoundText': 'Bu kayıt yok ya da görme yetkiniz yok.',
  'app.skip': 'İçeriğe geç',
  'nav.settings': 'Ayarlar',
  'nav.menu': 'Menü',
  'nav.main': 'Ana menü',
  'search.label': 'Firma, kişi, fırsat, görev, ziyaret ve sipariş ara',
  'search.placeholder': 'Ara…',
  'search.none': 'Sonuç yok.',
  'search.title': 'Arama',
  'user.menu': 'Hesap',
  'user.sessions': 'Oturumlar',
  'user.signOut': 'Çıkış yap',
  'user.language': 'Dil',
  'user.mailbox': 'E-posta hesabı',
  'picker.placeholder': 'Aramak için yazın…',
  'picker.companyFirst': 'Önce bir firma seçin',
  'picker.none': 'Eşleşen yok.',
  'picker.count': '{n} sonuç',
  'picker.changeShort': 'Değiştir',
  'picker.change': '{label} değiştir: {name}',
  'picker.company': 'Firma',
  'picker.opportunity': 'Fırsat',
  'picker.required': 'zorunlu',
  'signin.title': 'Giriş',
  'signin.username': 'E-posta',
  'signin.password': 'Parola',
  'signin.otp': 'İki adımlı doğrulama kodu',
  'signin.otpHelp': 'Doğrulama uygulamanızdaki 6 haneli kodu girin.',
  'signin.submit': 'Giriş yap',
  'signin.forgot': 'Parolamı unuttum',
  'signin.failed': 'E-posta veya parola yanlış.',
  'signin.otpFailed': 'Kod geçerli değil.',
  'signin.limited': 'Çok fazla deneme. Bir dakika sonra tekrar deneyin.',
  'signin.blocked': 'Hesabınız giriş yapamıyor.',
  'signin.weak': 'Parolanız zayıf. Ayarlardan değiştirin.',
  'common.save': 'Kaydet',
  'common.cancel': 'Vazgeç',
  'common.edit': 'Düzenle',
  'common.create': 'Oluştur',
  'common.archive': 'Arşivle',
  'common.more': 'Daha fazla',
  'search.short': '1 ya da 2 harf, onlarla başlayan adları bulur; 3 harften itibaren onları içeren adları.',
  'common.none': 'Yok',
  'common.all': 'Tümü',
  'common.owner': 'Sorumlu',
  'common.status': 'Durum',
  'common.name': 'Ad',
  'common.close': 'Kapat',
  'common.required': 'zorunlu',
  'common.fixFields': 'Lütfen işaretli alanları düzeltin.',
  'common.archiveAsk': '{name} arşivlensin mi? Listelerden çıkar; geçmişi kalır ve geri alınabilir.',
  'common.archiveYes': 'Evet, arşivle',
  'common.delete': 'Sil',
  'common.deleteAsk': '{name} silinsin mi? Bu geri alınamaz.',
  'common.deleteYes': 'Evet, sil',
  'common.shown': '{n} gösteriliyor',
  'field.required': '{label} zorunludur.',
  'field.min': '{label} en az {n} olmalı.',
  'field.max': '{label} en fazla {n} olmalı.',
  'field.number': '{label} bir sayı olmalı.',
  'field.integer': '{label} tam sayı olmalı.',
  'field.date': '{label} bir tarih olmalı.',
  'field.length': '{label} en fazla {n} karakter olabilir.',
  'field.other': '{label}: {message}.',
};

export type Lang = 'en' | 'tr';
const dictionaries: Record<Lang, Dictionary> = { en, tr };
/** Both dictionaries as data, for tests that walk the app in either language (test/e2e/web/web-walk). */
export const appTexts: Readonly<Record<Lang, Dictionary>> = dictionaries;

/** `{name}` placeholders filled from vars. */
export function translate(lang: Lang, key: TextKey, vars?: Record<string, string | number>): string {
  return fill(dictionaries[lang][key] ?? en[key], vars);
}

/** Fills `{name}` placeholders; an unknown one stays visible (a missing value shows, rather than vanishing). */
export function fill(text: string, vars?: Record<string, string | number>): string {
  return vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m)) : text;
}

/** The language for a locale tag ('tr', 'tr-TR' → tr; anything else → en). */
export function langOf(locale: string | undefined | null): Lang {
  return (locale ?? '').toLowerCase().startsWith('tr') ? 'tr' : 'en';
}

const LangContext = createContext<Lang>('en');

export function LangProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  return <LangContext.Provider value={lang}>{children}</LangContext.Provider>;
}

export function useLang(): Lang {
  return useContext(LangContext);
}

/** `t('key', {vars})` in the current language. */
export function useT(): (key: TextKey, vars?: Record<string, string | number>) => string {
  const lang = useLang();
  return (key, vars) => translate(lang, key, vars);
}

/**
 * A screen's own texts, next to the screen (`const useText = screenText({...en}, {...tr})`), so screens do
 * not share one growing file; `tr` must have every key of `en` (tsc checks).
 */
export function screenText<K extends string>(enTexts: Record<K, string>, trTexts: Record<K, string>) {
  const dict: Record<Lang, Record<K, string>> = { en: enTexts, tr: trTexts };
  function useText(): (key: K, vars?: Record<string, string | number>) => string {
    const lang = useLang();
    return (key, vars) => fill(dict[lang][key] ?? enTexts[key], vars);
  }
  // the texts as data, for tests that walk the app in either language
  return Object.assign(useText, { texts: dict as Readonly<Record<Lang, Readonly<Record<K, string>>>> });
}
