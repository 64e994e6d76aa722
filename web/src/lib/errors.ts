import { ApiFailure } from './api';
import { screenText, type Lang } from './i18n';

/**
 * Errors as sentences in the user's language: the API's field messages (written for developers, in
 * English: "should not be empty") and its error codes by status, and a request that never reached the
 * service ("Failed to fetch"). The shared form parts and load states use it; nothing shows raw text.
 */
const en = {
  required: 'Fill in this field.',
  number: 'Enter a number, without units (e.g. 20).',
  integer: 'Enter a whole number.',
  range: 'This number is out of range.',
  email: 'Enter an e-mail address (name@example.com).',
  date: 'Enter a valid date.',
  url: 'Enter a web address starting with https://.',
  tooLong: 'This is too long.',
  tooShort: 'This is too short.',
  choice: 'Pick one of the offered values.',
  invalid: 'This value is not valid.',
  fixFields: 'Check the marked fields.',
  mailbox: 'The mailbox could not be connected. Check the servers, the address and the password.',
  network: 'Could not reach the server. Check your connection and try again.',
  signedOut: 'Your session has ended. Sign in again.',
  forbidden: 'You may not do this.',
  notFound: 'This record does not exist, or you may not see it.',
  conflict: 'Someone changed this in the meantime, or it already exists. Reload and try again.',
  tooLarge: 'This is too large to send.',
  tooMany: 'Too many requests. Wait a moment and try again.',
  server: 'The server could not do this. Try again later.',
  generic: 'Something went wrong.',
};
const tr: typeof en = {
  required: 'Bu alanı doldurun.',
  number: 'Birim yazmadan bir sayı girin (ör. 20).',
  integer: 'Tam sayı girin.',
  range: 'Bu sayı izin verilen aralığın dışında.',
  email: 'Bir e-posta adresi girin (ad@ornek.com).',
  date: 'Geçerli bir tarih girin.',
  url: 'https:// ile başlayan bir web adresi girin.',
  tooLong: 'Bu çok uzun.',
  tooShort: 'Bu çok kısa.',
  choice: 'Sunulan değerlerden birini seçin.',
  invalid: 'Bu değer geçerli değil.',
  fixFields: 'İşaretli alanları kontrol edin.',
  mailbox: 'Posta kutusu bağlanamadı. Sunucuları, adresi ve parolayı kontrol edin.',
  network: 'Sunucuya ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.',
  signedOut: 'Oturumunuz sona erdi. Yeniden giriş yapın.',
  forbidden: 'Bunu yapma yetkiniz yok.',
  notFound: 'Bu kayıt yok ya da görme yetkiniz yok.',
  conflict: 'Bu kayıt bu arada değişti ya da zaten var. Sayfayı yenileyip tekrar deneyin.',
  tooLarge: 'Bu, gönderilemeyecek kadar büyük.',
  tooMany: 'Çok fazla istek. Biraz bekleyip tekrar deneyin.',
  server: 'Sunucu bunu yapamadı. Daha sonra tekrar deneyin.',
  generic: 'Bir şeyler ters gitti.',
};
type Key = keyof typeof en;
export const useErrorText = screenText(en, tr);
const dict: Record<Lang, typeof en> = { en, tr };

/** The API's field messages (class-validator's and the service's own), first match wins. */
const FIELD_RULES: [RegExp, Key][] = [
  [/should not be empty|must not be null|must not be empty|is required|must be present/i, 'required'],
  [/shorter than|too long|at most \d+ characters/i, 'tooLong'],
  [/longer than|too short|at least \d+ characters/i, 'tooShort'],
  [/must be an integer between|must not be (greater|less)|must be (a )?(positive|negative)|must not exceed|at most \d|at least \d/i, 'range'],
  [/must be an integer/i, 'integer'],
  [/must be a number|numeric|decimal/i, 'number'],
  [/e-?mail/i, 'email'],
  [/date|iso ?8601|timestamp/i, 'date'],
  [/url|https?:/i, 'url'],
  [/one of|allowed values|must be (true|false|a boolean)/i, 'choice'],
];

/**
 * A field's message in the user's language. A message of the API (lower-case, "must ..."/"should ...")
 * that no rule knows reads as "not valid"; a sentence the screen wrote itself is already translated and
 * stays.
 */
export function fieldSentence(lang: Lang, message: string): string {
  // a screen's own sentence (capitalised: "The end date cannot be before …") is translated already
  if (!/^[a-z]/.test(message)) return message;
  for (const [re, key] of FIELD_RULES) if (re.test(message)) return dict[lang][key];
  return dict[lang].invalid;
}

/** A whole failed request as one sentence: a network failure, else by the API's status and error code. */
export function errorSentence(lang: Lang, error: unknown): string {
  const d = dict[lang];
  if (error instanceof ApiFailure) {
    const s = error.status;
    // the mailbox connect answers one message for every failure (the detail is in the audit log)
    if (error.body.error === 'mailbox_auth' || error.body.error === 'mailbox_unreachable') return d.mailbox;
    if (s === 400 || s === 422) return d.fixFields;
    if (s === 401) return d.signedOut;
    if (s === 403) return d.forbidden;
    if (s === 404) return d.notFound;
    if (s === 409 || s === 412) return d.conflict;
    if (s === 413) return d.tooLarge;
    if (s === 429) return d.tooMany;
    if (s >= 500) return d.server;
    return d.generic;
  }
  // fetch rejects with a TypeError when the request never got an answer ("Failed to fetch", "Load failed")
  if (error instanceof TypeError) return d.network;
  return d.generic;
}
