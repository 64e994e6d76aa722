import { screenText } from '../../lib/i18n';

/** Texts of the record type editor (admins: a custom object's label and fields). */
export const useDefinitionText = screenText(
  {
    newType: 'New record type',
    editType: 'Edit record type',
    label: 'Name (plural)',
    key: 'Key in addresses',
    keyHelp: 'Lower-case letters, digits and _; it never changes.',
    fields: 'Fields',
    keyFormat: 'Use a lower-case letter, then lower-case letters, digits or _.',
    keyTaken: 'A record type with this key exists already.',
    relationsKept: 'Relations stay as they are.',
  },
  {
    newType: 'Yeni kayıt türü',
    editType: 'Kayıt türünü düzenle',
    label: 'Ad (çoğul)',
    key: 'Adreslerdeki anahtar',
    keyHelp: 'Küçük harf, rakam ve _; hiç değişmez.',
    fields: 'Alanlar',
    keyFormat: 'Küçük bir harfle başlayın; ardından küçük harf, rakam veya _ kullanın.',
    keyTaken: 'Bu anahtarla bir kayıt türü zaten var.',
    relationsKept: 'İlişkiler olduğu gibi kalır.',
  },
);
