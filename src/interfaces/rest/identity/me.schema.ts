import { z } from 'zod';
import { example, f, named } from '../../../edge/openapi/schema';
import { UserSummary, userSummaryExample } from '../shared/common.schema';
import { Constants, constantsExample, stageSlaExample } from './constants.schema';

/** Spec 2.2: the installation info. */
export const App = named(
  'App',
  z.object({
    accent: z.string().meta({ description: 'accent colour (#rrggbb)' }),
    accent_dark: z.string().meta({ description: 'accent colour of the dark theme' }),
    company: z.string().meta({ description: "the installation's company name" }),
    name: z.string().meta({ description: 'the application name' }),
    logo: z.string().meta({ description: "the logo's URL, '' when none" }),
    site_url: z.string(),
    currencies: z.array(z.string()).meta({ description: 'currency codes the installation uses' }),
    currency_base: z.string().meta({ description: 'the base currency of amounts and reports' }),
    currency_symbol: z.string(),
    opp_lifetime_days: z.int(),
    stage_sla: z.record(z.string(), z.int()).meta({ description: 'stage key -> days (as constants.stage_sla)' }),
    ticket_sla_hours: z.record(z.string(), z.int()).meta({ description: 'ticket priority -> hours' }),
    unit_default: z.string(),
    units: z.array(z.string()),
    version: z.string().meta({ description: "the installation's release label (spec 9)" }),
  }),
  { description: 'Installation info (spec 2.2).' },
);
export const appExample = example(App, {
  accent: '#0f766e', accent_dark: '#14b8a6', company: 'Ege Polimer A.Ş.', name: 'Ege CRM', logo: '', site_url: 'https://crm.ege.example',
  currencies: ['EUR', 'USD', 'TRY'], currency_base: 'EUR', currency_symbol: '€', opp_lifetime_days: 180, stage_sla: stageSlaExample,
  ticket_sla_hours: { high: 8, normal: 24, low: 72 }, unit_default: 'kg', units: ['kg', 't', 'pcs'], version: 'v42',
});

/** Spec 2.4 `license`. */
export const Licence = named(
  'Licence',
  z.object({
    blocked: z.boolean().meta({ description: 'blocked or expired: every module is off' }),
    customer: z.string().meta({ description: 'the licensee' }),
    days_left: z.int().nullable().meta({ description: 'days until `end` (negative once expired); null without an end' }),
    end: f.date().nullable(),
    label: z.string(),
    modules: z.array(z.string()).meta({ description: 'the modules the licence turns on' }),
    no: z.string().nullable().meta({ description: 'licence number' }),
    state: z.string().meta({ description: 'e.g. active, trial; `expired` after `end`' }),
  }),
  { description: 'The licence of the installation (spec 2.4 `license`).' },
);
export const licenceExample = example(Licence, {
  blocked: false, customer: 'Ege Polimer A.Ş.', days_left: 245, end: '2027-07-31', label: 'Business', no: 'LIC-2026-0113', state: 'active',
  modules: ['Customers', 'Opportunities', 'Visits / Activities', 'Fair leads', 'Orders', 'Email'],
});

/** Spec 2.4 `mailbox`. */
export const Mailbox = named(
  'Mailbox',
  z.object({
    connected: z.boolean(),
    email: z.string().meta({ description: "the mailbox address, '' when none is set" }),
    error: z.string().meta({ description: "the last connection error, '' when none" }),
    signature: z.boolean().meta({ description: 'whether a signature is set' }),
    status: z.enum(['not_connected', 'connected', 'error']),
  }),
  { description: "The caller's mailbox connection (spec 2.4 `mailbox`)." },
);
export const mailboxExample = example(Mailbox, { connected: true, email: 'ayse@ege.example', error: '', signature: true, status: 'connected' });

/** Spec 2.4 `products`: the active products. */
export const ProductSummary = named(
  'ProductSummary',
  z.object({ code: z.string(), id: f.id(), list_price: z.number().meta({ description: '0 when not set' }), name: z.string() }),
  { description: 'An active product of the catalogue (spec 2.4 `products`).', example: { code: 'PE50', id: 3, list_price: 2.1, name: 'PE film 50µ' } },
);

const ownUser = { ...userSummaryExample, email: 'ayse@ege.example', modules: licenceExample.modules };

/** GET /api/v1/me (spec 4.1, 2.4). */
const Locale = z.enum(['en', 'tr']).meta({ description: "the caller's language: their own choice (PATCH /api/v1/me), else the workspace's" });

export const Me = named(
  'Me',
  z.object({
    ok: f.ok(),
    user: UserSummary,
    users: z.array(UserSummary).meta({ description: 'the active users of the workspace' }),
    app: App,
    constants: Constants,
    license: Licence,
    mailbox: Mailbox,
    products: z.array(ProductSummary),
    ai: z.boolean().meta({ description: 'whether Ask (questions in plain language) is available' }),
    weak_password: z.boolean().meta({ description: "the caller's password does not meet the password rules: ask them to change it" }),
    locale: Locale,
    timezone: z.string().meta({ description: "the workspace's IANA time zone: every date and timestamp of the API is local to it", example: 'Europe/Istanbul' }),
  }),
  { description: 'The caller, the workspace and its settings (spec 2.4).' },
);
example(Me, {
  ok: true, user: ownUser, users: [userSummaryExample, { id: 1, username: 'admin', full_name: 'Kemal Aydın', role: 'admin', role_label: 'Administrator' }],
  app: appExample, constants: constantsExample, license: licenceExample, mailbox: mailboxExample,
  products: [{ code: 'PE50', id: 3, list_price: 2.1, name: 'PE film 50µ' }], ai: true, weak_password: false, locale: 'tr', timezone: 'Europe/Istanbul',
});

/** PATCH /api/v1/me. */
export const PreferencesResponse = named('PreferencesResponse', z.object({ ok: f.ok(), locale: Locale }), { description: "The caller's settings after the change." });
example(PreferencesResponse, { ok: true, locale: 'en' });

/** POST /api/v1/login (spec 4.1). */
export const LoginResponse = named(
  'LoginResponse',
  z.object({
    ok: f.ok(),
    token: z.string().meta({ description: 'the session token (`xk_…`): send it as `Authorization: Bearer`; valid API_TOKEN_DAYS days (default 90)' }),
    user: UserSummary,
    app: App,
    license: Licence,
    weak_password: z.boolean().meta({ description: "the password does not meet the password rules: ask the user to change it" }),
  }),
  { description: 'A new session (spec 4.1).' },
);
example(LoginResponse, { ok: true, token: 'xk_4fT9qLm2Vb8sWc1ZyR7nKd3HpJ6gXe0A', user: ownUser, app: appExample, license: licenceExample, weak_password: false });
