import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';

/** A user who has not set a password yet (GET /api/v1/users/pending), with the open invitation if one is out. */
export const PendingUserItem = named(
  'PendingUserItem',
  z.object({
    id: f.id(),
    username: z.string(),
    full_name: z.string(),
    email: z.string(),
    invitation: z
      .object({ created_at: f.timestamp(), expires_at: f.timestamp() })
      .nullable()
      .meta({ description: 'the open invitation link: when it was made and until when it works; null when none is open (expired or never sent)' }),
  }),
  { description: 'An active user without a password.' },
);

export const PendingUserList = named(
  'PendingUserList',
  z.object({
    ok: f.ok(),
    items: z.array(PendingUserItem).meta({ description: 'by user name; at most 200' }),
    mail: z.boolean().meta({ description: 'whether this server e-mails invitations (SMTP_URL is set); without it the admin hands out each link' }),
    invitation_hours: z.number().int().meta({ description: 'how long a new invitation link works (INVITATION_HOURS)' }),
  }),
  { description: 'The users waiting for a password.' },
);
example(PendingUserList, {
  ok: true,
  items: [{ id: 12, username: 'ayse@ege.example', full_name: 'Ayşe Yılmaz', email: 'ayse@ege.example', invitation: { created_at: '2026-11-26T09:30:00', expires_at: '2026-11-29T09:30:00' } }],
  mail: false,
  invitation_hours: 72,
});

export const InvitationLinkCreated = named(
  'InvitationLinkCreated',
  z.object({
    ok: f.ok(),
    username: z.string(),
    link: z.string().meta({ description: 'the invitation link (on the workspace\'s configured base): in this answer only, not e-mailed' }),
    invitation_hours: z.number().int().meta({ description: 'how long it works' }),
  }),
  { description: 'A fresh invitation link; earlier links of the user no longer work.', example: { ok: true, username: 'ayse@ege.example', link: 'https://ege.crm.example/invite?token=inv_…', invitation_hours: 72 } },
);
