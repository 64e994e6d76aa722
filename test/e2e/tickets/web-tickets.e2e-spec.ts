import type { Page } from 'playwright-core';
import { api, createUser, createWorkspace, type Fixture } from '../../helpers/test-app';
import { waitFor } from '../../helpers/wait';
import { TICKET_DEFAULT_LABELS } from '../../../src/domain/crm/tickets/tickets.constants';
import { expectNoIds, screenshot, seriousA11yViolations, useWebApp, type Width } from '../../helpers/web-app';

/**
 * Support tickets in Chromium: a ticket's company and person by name; a ticket created with its SLA and closed from
 * its record; the list with the status changeable in the row; the priority and assignee changed on the record.
 */
const web = useWebApp();
let f: Fixture;
let companyId: number;
const COMPANY = 'Anadolu Ambalaj A.Ş.';

const as = () => api(web.t, f.host, f.adminKey);

beforeAll(async () => {
  f = await createWorkspace(web.t, 'webtickets');
  companyId = (await as().post('/api/v1/companies', { name: COMPANY, city: 'Bursa' }).expect(201)).body.company.id;
  await as().post('/api/v1/tickets', { subject: 'Film tears on the winder', priority: Object.keys(f.ws.app.ticket_sla_hours)[0] }).expect(201);
});

const open = async (path: string, width: Width = 'desktop'): Promise<Page> => {
  const page = await web.page({ token: f.adminKey, width });
  await page.goto(`${web.origin(f.host)}${path}`);
  return page;
};

describe('support tickets', () => {
  it.each(['desktop', 'phone'] as const)('names the ticket\'s company and person, not their ids (%s)', async (width) => {
    const person = width === 'desktop' ? 'Mert Kaya' : 'Deniz Kaya';
    const personId = (await as().post('/api/v1/people', { name: person, customer_id: companyId }).expect(201)).body.person.id;
    const id = (await as().post('/api/v1/tickets', { subject: `Cores crushed (${width})`, customer_id: companyId, person_id: personId, priority: Object.keys(f.ws.app.ticket_sla_hours)[0] }).expect(201)).body.ticket.id;
    const page = await open(`/tickets/${id}`, width);
    await page.getByRole('heading', { name: `Cores crushed (${width})`, level: 1 }).waitFor();
    await page.locator('dd').getByRole('link', { name: COMPANY }).waitFor();
    await page.locator('dd').getByRole('link', { name: person }).waitFor();
    await expectNoIds(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('creates a ticket with a priority and its SLA, then closes it on its record', async () => {
    const sla = f.ws.app.ticket_sla_hours as Record<string, number>;
    const priority = Object.keys(sla).at(-1)!;
    const closed = f.ws.constants.ticket_closed_statuses.at(-1)!;
    const page = await open('/tickets');
    await page.getByRole('heading', { name: 'Support tickets', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New ticket' }).click();
    const form = page.getByRole('form', { name: 'New ticket' });
    await form.getByLabel('Subject').fill('Labels peel off');
    // a company picked by its name (a declared `pick` input: the companies' search)
    await form.getByRole('combobox', { name: 'Company' }).fill(COMPANY.split(' ')[0]!);
    await form.getByRole('option', { name: new RegExp(COMPANY.replace(/[.()]/g, '\\$&')) }).click();
    await form.getByLabel('Priority').selectOption({ label: `${priority} · ${sla[priority]} h to resolve` });
    await form.getByLabel('Request').fill('Since Monday the labels peel off at 5 °C.');
    // a plain text of the declaration (routes.tsx): an input on the form, a row on the record
    await form.getByLabel('Raised by').fill('Deniz Kaya');
    await screenshot(page, 'ticket-form', 'desktop');
    await form.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/tickets\/\d+$/);
    const ticketId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: 'Labels peel off', level: 1 }).waitFor();
    const created = (await as().get(`/api/v1/tickets/${ticketId}`).expect(200)).body.ticket;
    expect([created.priority, created.sla_hours, created.status, created.closed_at, created.who, created.customer_id]).toEqual([priority, sla[priority], f.ws.constants.ticket_new_status, null, 'Deniz Kaya', companyId]);
    await page.locator('dd').getByRole('link', { name: COMPANY }).waitFor();
    await page.locator('dt', { hasText: /^Raised by$/ }).locator('xpath=following-sibling::dd[1]').getByText('Deniz Kaya').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Status').selectOption(closed);
    await page.locator('dt', { hasText: /^Closed$/ }).waitFor();
    const after = (await as().get(`/api/v1/tickets/${ticketId}`).expect(200)).body.ticket;
    expect(after.status).toBe(closed);
    expect(after.closed_at).not.toBeNull();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'ticket-record', 'desktop');
  });

  it.each(['desktop', 'phone'] as const)('lists tickets with the status changeable in the row, filtered by priority (%s)', async (width) => {
    const first = Object.keys(f.ws.app.ticket_sla_hours)[0];
    const page = await open(`/tickets?priority=${encodeURIComponent(first)}`, width);
    await page.getByRole('link', { name: 'Film tears on the winder' }).waitFor();
    expect(await page.getByRole('link', { name: 'Labels peel off' }).count()).toBe(0);
    await page.getByLabel('Status of Film tears on the winder').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'tickets', width);
    if (width === 'phone') {
      const rec = await open(`/tickets/${(await as().get('/api/v1/tickets').expect(200)).body.items[0].id}`, 'phone');
      await rec.getByLabel('Status').waitFor();
      expect(await seriousA11yViolations(rec)).toEqual([]);
      await screenshot(rec, 'ticket-record', 'phone');
    }
  });
});

describe('in Turkish', () => {
  it('shows the list, the new-ticket form and a record in Turkish, the statuses by their labels', async () => {
    const agent = await createUser(web.t, f, { fullName: 'Ayşe Destek' });
    await api(web.t, f.host, agent.key).patch('/api/v1/me', { locale: 'tr' }).expect(200);
    const page = await web.page({ token: agent.key, width: 'phone', locale: 'tr-TR' });
    await page.goto(`${web.origin(f.host)}/tickets`);
    await page.getByRole('heading', { name: 'Destek talepleri', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Yeni talep' }).click();
    const form = page.getByRole('form', { name: 'Yeni talep' });
    // a required input's label says so after it: "Konu (zorunlu)"
    const input = (label: string) => form.getByLabel(new RegExp(`^${label}( \\(.*\\))?$`));
    for (const label of ['Konu', 'Öncelik', 'Sorumlu', 'Talep eden', 'Talep']) await input(label).waitFor();
    await input('Konu').fill('Etiketler düşüyor');
    await form.getByRole('button', { name: 'Oluştur' }).click();
    await page.waitForURL(/\/tickets\/\d+$/);
    await page.getByRole('heading', { name: 'Etiketler düşüyor', level: 1 }).waitFor();
    const status = page.getByLabel('Durum', { exact: true });
    // the new status by the Turkish label a new workspace has for it
    expect(await status.locator('option:checked').innerText()).toBe(TICKET_DEFAULT_LABELS.tr.ticket_statuses![f.ws.constants.ticket_new_status]);
    expect(await page.evaluate<string>('document.documentElement.lang')).toBe('tr');
    await expectNoIds(page);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

describe('ticket priority and assignee', () => {
  it.each(['desktop', 'phone'] as const)('changes the priority (its SLA follows) and the assignee on the record, and removes the assignee (%s)', async (width) => {
    const sla = f.ws.app.ticket_sla_hours as Record<string, number>;
    const [first, second] = Object.keys(sla);
    const agent = await createUser(web.t, f, { fullName: `Selin Destek ${width}` });
    const id = (await as().post('/api/v1/tickets', { subject: `Wrong label on pallets (${width})`, priority: first }).expect(201)).body.ticket.id as number;
    const page = await open(`/tickets/${id}`, width);
    await page.getByRole('heading', { name: `Wrong label on pallets (${width})`, level: 1 }).waitFor();
    const read = async () => (await as().get(`/api/v1/tickets/${id}`).expect(200)).body.ticket;
    await page.getByLabel('Priority').selectOption(second);
    await waitFor(async () => (await read()).priority === second);
    await page.getByLabel('Assignee').selectOption({ label: `Selin Destek ${width}` });
    expect(await seriousA11yViolations(page)).toEqual([]);
    const stored = await waitFor(async () => { const t = await read(); return t.assignee?.id === agent.user.id && t; });
    expect(stored).toMatchObject({ priority: second, sla_hours: sla[second], assignee: { id: agent.user.id } });
    await page.getByLabel('Assignee').selectOption({ label: 'Nobody' });
    await waitFor(async () => (await read()).assignee === null);
  });
});
