import { screenText } from '../../../lib/i18n';

/** Texts of Settings → Weekly targets (admins). */
export const useTargetsText = screenText(
  {
    heading: 'Weekly targets',
    intro: "What each user aims at per week (Monday to Sunday): Today's progress bars and the activity report of Reports measure against these numbers.",
    visits: 'Visits per user and week',
    tasks: 'Completed tasks per user and week',
    save: 'Save targets',
    saved: 'Weekly targets saved.',
  },
  {
    heading: 'Haftalık hedefler',
    intro: 'Her kullanıcının haftalık (pazartesiden pazara) hedefi: Bugün ekranındaki ilerleme çubukları ve Raporlar’daki etkinlik raporu bu sayılarla karşılaştırır.',
    visits: 'Kullanıcı başına haftalık ziyaret',
    tasks: 'Kullanıcı başına haftalık tamamlanan görev',
    save: 'Hedefleri kaydet',
    saved: 'Haftalık hedefler kaydedildi.',
  },
);
