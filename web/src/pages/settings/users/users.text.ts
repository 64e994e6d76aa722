import { screenText } from '../../../lib/i18n';

/** Texts of Settings → Users (admins): the users waiting for a password and their invitation links. */
export const useUsersText = screenText(
  {
    heading: 'Users: invitations',
    mail: 'Users your identity provider creates get an invitation by e-mail.',
    noMail: 'This server sends no e-mail (SMTP_URL is not set): give each new user their invitation link yourself.',
    replace: 'A new link replaces the earlier ones of that user.',
    waiting: 'Waiting for a password',
    user: 'User',
    email: 'E-mail',
    invitation: 'Invitation',
    actions: 'Actions',
    newLink: 'New invitation link',
    newLinkOf: 'New invitation link: “{name}”',
    allSet: 'Every active user has set a password.',
    sent: 'sent {sent}, works until {until}',
    none: 'none open (expired or never sent)',
    linkOf: 'Invitation link of {name}: it works once, for {hours} hours; earlier links of this user no longer work.',
  },
  {
    heading: 'Kullanıcılar: davetler',
    mail: 'Kimlik sağlayıcınızın oluşturduğu kullanıcılar davetlerini e-postayla alır.',
    noMail: 'Bu sunucu e-posta göndermiyor (SMTP_URL ayarlı değil): her yeni kullanıcıya davet bağlantısını siz verin.',
    replace: 'Yeni bir bağlantı, o kullanıcının önceki bağlantılarının yerini alır.',
    waiting: 'Parola bekleyenler',
    user: 'Kullanıcı',
    email: 'E-posta',
    invitation: 'Davet',
    actions: 'İşlemler',
    newLink: 'Yeni davet bağlantısı',
    newLinkOf: 'Yeni davet bağlantısı: “{name}”',
    allSet: 'Tüm etkin kullanıcılar parolasını belirledi.',
    sent: 'gönderildi {sent}, geçerlilik {until} tarihine kadar',
    none: 'açık davet yok (süresi dolmuş ya da hiç gönderilmemiş)',
    linkOf: '{name} için davet bağlantısı: bir kez, {hours} saat boyunca çalışır; bu kullanıcının önceki bağlantıları artık çalışmaz.',
  },
);
