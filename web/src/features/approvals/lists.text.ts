import { screenText } from '../../lib/i18n';

/** Texts of the approval list editor (admins). */
export const useListText = screenText(
  {
    lists: 'Approval lists',
    listsHelp: 'Admins set up the lists people send requests to.',
    newList: 'New approval list',
    editList: 'Edit “{name}”',
    name: 'Name',
    approver: 'Approver',
    choose: 'Choose…',
    countDays: 'Count working days between two date fields (leave)',
    firstDay: 'First day field',
    lastDay: 'Last day field',
    needTwoDates: 'Add two date fields first.',
    active: 'Takes new requests',
    inactive: 'Closed',
    created: 'Approval list “{name}” created.',
    saved: 'Approval list “{name}” saved.',
  },
  {
    lists: 'Onay listeleri',
    listsHelp: 'Yöneticiler, taleplerin gönderildiği listeleri kurar.',
    newList: 'Yeni onay listesi',
    editList: '“{name}” düzenle',
    name: 'Ad',
    approver: 'Onaylayan',
    choose: 'Seçin…',
    countDays: 'İki tarih alanı arasındaki iş günlerini say (izin)',
    firstDay: 'İlk gün alanı',
    lastDay: 'Son gün alanı',
    needTwoDates: 'Önce iki tarih alanı ekleyin.',
    active: 'Yeni talep alır',
    inactive: 'Kapalı',
    created: '“{name}” onay listesi oluşturuldu.',
    saved: '“{name}” onay listesi kaydedildi.',
  },
);
