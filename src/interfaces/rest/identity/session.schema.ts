import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';
import { appExample, App, Licence, licenceExample } from './me.schema';
import { UserSummary, userSummaryExample } from '../shared/common.schema';

/** POST /api/v1/session: the sign-in of the web app; the token is in the HttpOnly cookie, never in the body. */
export const BrowserSessionResponse = named(
  'BrowserSessionResponse',
  z.object({
    ok: f.ok(),
    user: UserSummary,
    app: App,
    license: Licence,
    weak_password: z.boolean().meta({ description: 'the password does not meet the password rules: ask the user to change it' }),
  }),
  { description: 'A new browser session: the cookies `crm_session` (HttpOnly) and `crm_csrf` carry it.' },
);
example(BrowserSessionResponse, { ok: true, user: { ...userSummaryExample, email: 'ayse@ege.example', modules: licenceExample.modules }, app: appExample, license: licenceExample, weak_password: false });

/** One sign-in of the caller (GET /api/v1/sessions). */
export const SessionItem = named(
  'SessionItem',
  z.object({
    id: f.id(),
    device: z.string().meta({ description: 'the device name given at sign-in, or the browser and system read from its User-Agent' }),
    created_at: f.timestamp(),
    last_used_at: f.timestamp().nullable().meta({ description: 'null when never used after the sign-in' }),
    current: z.boolean().meta({ description: 'the session of this request' }),
  }),
  { description: "A sign-in (session token) of the caller.", example: { id: 41, device: 'Firefox on Linux (app)', created_at: '2026-11-26T09:30:00', last_used_at: '2026-11-26T10:02:11', current: true } },
);

export const SessionList = named(
  'SessionList',
  z.object({ ok: f.ok(), items: z.array(SessionItem).meta({ description: 'newest first, at most 200 (sessions expire)' }) }),
  { description: "The caller's live sign-ins." },
);
example(SessionList, { ok: true, items: [{ id: 41, device: 'Firefox on Linux (app)', created_at: '2026-11-26T09:30:00', last_used_at: '2026-11-26T10:02:11', current: true }] });
