import { inLanguage, labelLang, resolveLabels, type LabelLang } from '../../../domain/workspace/labels';
import type { z } from 'zod';
import type { Profile } from '../../../domain/identity/profile.service';
import type { MeView } from '../../../domain/identity/me.query';
import type { Mailbox } from '../../../domain/crm/email/mailbox.entity';
import { MailboxView, toMailboxView } from '../../../domain/crm/email/mailbox.service';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import type { LicenseView } from '../../../domain/workspace/workspace.service';
import type { Constants } from './constants.schema';
import { weeklyTargets } from '../../../domain/crm/today';
import type { App, Licence, LoginResponse, Mailbox as MailboxSchema, Me } from './me.schema';
import type { BrowserSessionResponse, SessionList } from './session.schema';
import type { SessionView } from '../../../domain/identity/user-credentials.service';
import { formatTimestamp } from '../../../platform/common/time';
import { toUserSummary } from '../../../domain/identity/user.view';

/** Spec 2.2. */
export function toAppInfo(ws: Workspace, version: string): z.output<typeof App> {
  const a = ws.app;
  return {
    accent: a.accent,
    accent_dark: a.accent_dark,
    company: a.company,
    name: a.name,
    logo: a.logo,
    site_url: a.site_url,
    currencies: a.currencies,
    currency_base: a.currency_base,
    currency_symbol: a.currency_symbol,
    opp_lifetime_days: a.opp_lifetime_days,
    stage_sla: ws.constants.stage_sla,
    ticket_sla_hours: a.ticket_sla_hours,
    unit_default: a.unit_default,
    units: a.units,
    version,
  };
}

/**
 * Spec 2.3 (internal settings such as stage probabilities stay out) in the reader's language: stage_labels
 * and stage_gate are that language's, and `labels` holds every list's labels in it (one per key).
 */
export function toConstants(ws: Workspace, lang: LabelLang): z.output<typeof Constants> {
  // every /me answers this (every list's labels resolved: a few % of its CPU), so it is kept per constants object
  // and language; a change of the constants stores a new object (WorkspaceService), which gets its own entry
  const cached = constantsViews.get(ws.constants)?.[lang];
  if (cached) return cached;
  const { stage_prob: _prob, labels: _stored, ...constants } = inLanguage(ws, lang).constants;
  // a constants object written before the weekly targets existed reads their defaults (as Today does)
  const targets = weeklyTargets(ws.constants);
  const view = { ...constants, weekly_visit_target: targets.visits, weekly_task_target: targets.tasks, labels: resolveLabels(ws.constants, lang) };
  constantsViews.set(ws.constants, { ...constantsViews.get(ws.constants), [lang]: view });
  return view;
}
const constantsViews = new WeakMap<object, Partial<Record<LabelLang, z.output<typeof Constants>>>>();

/** Spec 2.4 `license`. */
export function toLicense(l: LicenseView): z.output<typeof Licence> {
  return { blocked: l.blocked, customer: l.customer, days_left: l.days_left, end: l.end, label: l.label, modules: l.modules, no: l.no, state: l.state };
}

/** Spec 2.4 `mailbox` (signature: whether one is set). */
export function toMailbox(m: MailboxView): z.output<typeof MailboxSchema> {
  return { connected: m.connected, email: m.email, error: m.error, signature: m.signature, status: m.status };
}

export function toMeResponse(p: MeView, version: string): z.output<typeof Me> {
  const locale = effectiveLocale(p.user.locale, p.workspace.app.locale);
  return {
    ok: true as const,
    user: toUserSummary(p.user, locale, { modules: p.modules }),
    users: p.users.map((u) => toUserSummary(u, locale)),
    app: toAppInfo(p.workspace, version),
    constants: toConstants(p.workspace, locale),
    license: toLicense(p.license),
    // the row's status is the mailboxes column, a MailboxStatus
    mailbox: toMailbox(toMailboxView(p.mailbox as Pick<Mailbox, 'connected' | 'email' | 'error' | 'signature' | 'status'> | null)),
    products: p.products.map((x) => ({ code: x.code, id: x.id, list_price: x.list_price, name: x.name })),
    ai: p.ai,
    weak_password: p.user.weakPassword,
    locale,
    timezone: p.workspace.timezone,
  };
}

/** The user's language, else the workspace's, as one of the app's languages. */
export function effectiveLocale(user: string | null | undefined, workspace: string | null | undefined): 'en' | 'tr' {
  return labelLang(user ?? workspace);
}

export function toLoginResponse(token: string, p: Profile, version: string): z.output<typeof LoginResponse> {
  return {
    ok: true as const,
    token,
    user: toUserSummary(p.user, effectiveLocale(p.user.locale, p.workspace.app.locale), { modules: p.modules }),
    app: toAppInfo(p.workspace, version),
    license: toLicense(p.license),
    weak_password: p.user.weakPassword,
  };
}

/** POST /api/v1/session: the login answer without the token (it travels in the HttpOnly cookie). */
export function toBrowserSessionResponse(p: Profile, version: string): z.output<typeof BrowserSessionResponse> {
  const { token: _token, ...rest } = toLoginResponse('', p, version);
  return rest;
}

/** GET /api/v1/sessions. */
export function toSessionList(list: SessionView[], tz: string): z.output<typeof SessionList> {
  return {
    ok: true as const,
    items: list.map(({ credential: c, current }) => ({ id: c.id, device: c.name, created_at: formatTimestamp(c.createdAt, tz), last_used_at: formatTimestamp(c.lastUsedAt, tz), current })),
  };
}
