import { z } from 'zod';
import { f, named } from '../../../edge/openapi/schema';

/** POST /api/v1/invitations/accept. */
export const InvitationAccepted = named(
  'InvitationAccepted',
  z.object({ ok: f.ok(), username: z.string().meta({ description: 'the user name to sign in with (POST /api/v1/login)' }) }),
  { description: 'The password is set.', example: { ok: true, username: 'ayse@ege.example' } },
);
