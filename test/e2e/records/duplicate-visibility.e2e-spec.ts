import { api, createUser, createWorkspace, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * The duplicate check (409 duplicate) names the existing company or person (id and name) only to a
 * caller who may see it. A caller who cannot see it learns that one exists (so a
 * create does not silently make a second) and may send force: true, but not which record it is.
 */
let t: TestApp;
let a: Fixture;
let north: { key: string };
let northMate: { key: string };
let south: { key: string };
const HIDDEN = 'Gizli Kimya A.Ş.';

const as = (key: string) => api(t, a.host, key);

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
  north = await createUser(t, a, { department: 'North' });
  northMate = await createUser(t, a, { department: 'North' });
  south = await createUser(t, a, { department: 'South' });
});
afterAll(() => t.close());

describe('duplicate check and visibility', () => {
  it('does not name a company the caller cannot see; names it to those who can', async () => {
    const hidden = (await as(north.key).post('/api/v1/companies', { name: HIDDEN, tax_no: '7770001' }).expect(201)).body.company;

    const byName = await as(south.key).post('/api/v1/companies', { name: 'GIZLI kimya' }).expect(409);
    expect(byName.body).toEqual({ ok: false, error: 'duplicate', message: 'a company with the same name already exists that you cannot see; send force: true to create it anyway' });
    const byTax = await as(south.key).post('/api/v1/companies', { name: 'Another Name', tax_no: '7770001' }).expect(409);
    expect(byTax.body).toEqual({ ok: false, error: 'duplicate', message: 'a company with the same tax number already exists that you cannot see; send force: true to create it anyway' });
    for (const res of [byName, byTax]) {
      expect(res.text).not.toContain('Gizli Kimya');
      expect(res.text).not.toContain(`C-${hidden.id}`);
    }

    // same department and admin see it: named with id
    const named = { ok: false, error: 'duplicate', message: `a company with the same name already exists: ${HIDDEN} (C-${hidden.id}); send force: true to create it anyway`, existing: { id: hidden.id, name: HIDDEN } };
    expect((await as(northMate.key).post('/api/v1/companies', { name: 'Gizli Kimya' }).expect(409)).body).toEqual(named);
    expect((await as(a.adminKey).post('/api/v1/companies', { name: 'Gizli Kimya' }).expect(409)).body).toEqual(named);

    // the caller who cannot see it may still create their own
    const forced = await as(south.key).post('/api/v1/companies', { name: 'Gizli Kimya', force: true }).expect(201);
    expect(forced.body.company.id).not.toBe(hidden.id);
  });

  it('does not name a person the caller cannot see', async () => {
    const person = (await as(north.key).post('/api/v1/people', { name: 'Hidden Contact', email: 'hidden.contact@example.test' }).expect(201)).body.person;
    const hidden = await as(south.key).post('/api/v1/people', { name: 'Someone', email: 'HIDDEN.contact@example.test' }).expect(409);
    expect(hidden.body).toEqual({ ok: false, error: 'duplicate', message: 'a person with the same e-mail address already exists that you cannot see; send force: true to create it anyway' });
    expect(hidden.text).not.toContain('Hidden Contact');
    const seen = await as(northMate.key).post('/api/v1/people', { name: 'Someone', email: 'hidden.contact@example.test' }).expect(409);
    expect(seen.body).toEqual({
      ok: false,
      error: 'duplicate',
      message: `a person with the same e-mail address already exists: Hidden Contact (P-${person.id}); send force: true to create it anyway`,
      existing: { id: person.id, name: 'Hidden Contact' },
    });
  });

  it('lead conversion into a company name the caller cannot see: 400 mode without naming it', async () => {
    const fairId = (await as(a.adminKey).post('/api/v1/fairs', { name: 'Hidden Fair', city: 'Izmir', start_date: '2026-12-02', end_date: '2026-12-05' }).expect(201)).body.fair.id;
    const co = (await as(north.key).post('/api/v1/companies', { name: 'Saklı Boya Ltd.' }).expect(201)).body.company;
    const lead = (await as(south.key).post('/api/v1/leads', { company: 'SAKLI boya', contact_name: 'Ece', fair_id: fairId }).expect(201)).body.lead;
    const res = await as(south.key).post(`/api/v1/leads/${lead.id}/convert`, {}).expect(400);
    expect(res.body).toEqual({ ok: false, error: 'invalid', message: 'mode: a company of this name already exists that you cannot see; ask an admin or its owner', field: 'mode', fields: ['mode'] });
    expect(res.text).not.toContain(`C-${co.id}`);
    expect(res.text).not.toContain('Saklı Boya');
  });
});
