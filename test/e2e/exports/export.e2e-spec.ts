import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';
import { csvRecords, download, xlsxRecords } from '../../helpers/export-files';
import { Company } from '../../../src/domain/crm/companies/company.entity';
import { normalizeName } from '../../../src/domain/crm/shared/duplicate';

/**
 * Exports of the record lists: the list's records (filters, sort, visibility) as CSV or XLSX, related
 * records as ids and names, constants as keys and labels, formula cells escaped (docs/decisions/import-export.md).
 */
let t: TestApp;
let a: Fixture;
let north: { key: string; user: { id: number; fullName: string } };
let south: { key: string };
let companyId: number;
let southCompanyId: number;

const as = (key: string) => api(t, a.host, key);
const get = (key: string, path: string) => download(as(key).get(path));
const ids = (rows: Record<string, unknown>[]) => rows.map((r) => Number(r.id));

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t);
  north = await createUser(t, a, { department: 'North', fullName: 'Nur North' });
  south = await createUser(t, a, { department: 'South' });
  companyId = (await as(north.key).post('/api/v1/companies', { name: 'Anadolu Ambalaj', city: 'Bursa', note: '=HYPERLINK("http://evil.test")' }).expect(201)).body.company.id;
  await as(north.key).post('/api/v1/companies', { name: 'Ege Plastik', city: 'İzmir', sector: '+90 sector', source: '@fair' }).expect(201);
  await as(north.key).post('/api/v1/companies', { name: '-minus Kimya', city: 'Bursa' }).expect(201);
  southCompanyId = (await as(south.key).post('/api/v1/companies', { name: 'Güney Gizli', city: 'Antalya' }).expect(201)).body.company.id;
  await as(north.key).post('/api/v1/people', { name: 'Mert Kaya', customer_id: companyId, email: 'mert@anadolu.test' }).expect(201);
  await as(north.key).post('/api/v1/opportunities', { name: 'Film 2027', customer_id: companyId, value: 1200 }).expect(201);
  await as(north.key).post('/api/v1/opportunities', { name: 'Cups', customer_id: companyId, value: 5.5 }).expect(201);
  await as(north.key).post('/api/v1/tasks', { title: 'Call back', customer_id: companyId }).expect(201);
  await as(north.key).post('/api/v1/leads', { company: 'Marmara Lead' }).expect(201);
  await as(a.adminKey).post('/api/v1/objects', { key: 'sites', label: 'Sites', fields: [{ key: 'size', label: 'Size', type: 'select', options: ['Small', 'Large'], display: true }] }).expect(201);
  await as(north.key).post('/api/v1/objects/sites/records', { name: 'Bursa plant', fields: { size: 'Large' } }).expect(201);
});
afterAll(() => t.close());

describe('export of each list', () => {
  const LISTS = ['companies', 'people', 'opportunities', 'leads', 'tasks', 'objects/sites/records'];

  it.each(LISTS)('%s: CSV and XLSX hold the rows of the list, in its order', async (list) => {
    const listed = (await as(north.key).get(`/api/v1/${list}?limit=200`).expect(200)).body.items as { id: number }[];
    expect(listed.length).toBeGreaterThan(0);
    const csv = await get(north.key, `/api/v1/${list}/export`);
    expect(csv.status).toBe(200);
    expect(csv.type).toBe('text/csv; charset=utf-8');
    expect(csv.disposition).toMatch(/^attachment; filename="[a-z]+-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = csvRecords(csv.bytes.toString('utf8'));
    expect(ids(rows)).toEqual(listed.map((i) => i.id));

    const xlsx = await get(north.key, `/api/v1/${list}/export?format=xlsx`);
    expect(xlsx.status).toBe(200);
    expect(xlsx.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheet = await xlsxRecords(xlsx.bytes);
    expect(ids(sheet)).toEqual(listed.map((i) => i.id));
    expect(Object.keys(sheet[0])).toEqual(Object.keys(rows[0]));
  });

  it('shows related records as ids and names, constants as keys and labels, timestamps in local time', async () => {
    const listed = (await as(north.key).get('/api/v1/companies').expect(200)).body.items as Record<string, unknown>[];
    const rows = csvRecords((await get(north.key, '/api/v1/companies/export')).bytes.toString('utf8'));
    const row = rows.find((r) => Number(r.id) === companyId)!;
    const item = listed.find((r) => r.id === companyId)!;
    expect(row).toMatchObject({ owner_id: String(north.user.id), owner: 'Nur North', status: item.status, status_label: item.status_label, created_at: item.created_at });
    expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(Object.keys(row)).not.toContain('can_edit');

    const opps = csvRecords((await get(north.key, '/api/v1/opportunities/export')).bytes.toString('utf8'));
    expect(opps[0]).toMatchObject({ customer_id: String(companyId), customer: 'Anadolu Ambalaj' });
    expect(opps.find((o) => o.name === 'Cups')!.value).toBe('5.5');
    const sites = csvRecords((await get(north.key, '/api/v1/objects/sites/records/export')).bytes.toString('utf8'));
    expect(sites[0]).toMatchObject({ name: 'Bursa plant', 'fields.size': 'Large', owner_id: String(north.user.id), owner: 'Nur North' });
  });

  it.each(['companies', 'opportunities', 'people', 'leads', 'tasks'])('%s: every cell of a row is the list answer\'s value for the same record', async (list) => {
    const items = (await as(north.key).get(`/api/v1/${list}?limit=200`).expect(200)).body.items as Record<string, unknown>[];
    const rows = csvRecords((await get(north.key, `/api/v1/${list}/export`)).bytes.toString('utf8'));
    expect(rows).toHaveLength(items.length);
    const cell = (v: unknown): string => {
      if (v === null || v === undefined) return '';
      if (Array.isArray(v)) return v.join('; ');
      const s = String(v);
      return /^[=+\-@\t\r]/.test(s) && typeof v === 'string' ? `'${s}` : s;
    };
    rows.forEach((row, i) => {
      const item = items[i];
      for (const [header, value] of Object.entries(row)) {
        const [key, sub] = header.endsWith('_id') && item[header] === undefined ? [header.slice(0, -3), 'id'] : [header, undefined];
        const raw = item[key];
        if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
          const o = raw as Record<string, unknown>;
          expect([header, value]).toEqual([header, cell(sub ? o.id : (o.name ?? o.full_name ?? o.title))]);
        } else if (header in item) expect([header, value]).toEqual([header, cell(raw)]);
      }
    });
  });

  it('takes the filters and the sort of the list', async () => {
    for (const query of ['city=bursa', 'q=ege', 'sort=update', 'sort=update&updated_since=2020-01-01T00:00:00', 'active=false']) {
      const listed = (await as(north.key).get(`/api/v1/companies?${query}`).expect(200)).body.items as { id: number }[];
      const rows = csvRecords((await get(north.key, `/api/v1/companies/export?${query}`)).bytes.toString('utf8'));
      expect([query, ids(rows)]).toEqual([query, listed.map((i) => i.id)]);
    }
    const open = csvRecords((await get(north.key, '/api/v1/opportunities/export?status=closed')).bytes.toString('utf8'));
    expect(open).toEqual([]);
  });

  it('reads every page of a list longer than a page (keyset batches)', async () => {
    const b = await createWorkspace(t);
    const names = Array.from({ length: 2100 }, (_, i) => `Bulk ${String(i).padStart(4, '0')}`);
    await db(t).getRepository(Company).insert(names.map((name) => db(t).create(Company, { workspaceId: b.ws.id, name, nameNorm: normalizeName(name), status: 'Active', ownerId: b.admin.id })));
    const rows = csvRecords((await download(api(t, b.host, b.adminKey).get('/api/v1/companies/export'))).bytes.toString('utf8'));
    expect(rows.map((r) => r.name)).toEqual([...names].reverse());
    const sheet = await xlsxRecords((await download(api(t, b.host, b.adminKey).get('/api/v1/companies/export?format=xlsx&sort=update'))).bytes);
    expect(sheet.map((r) => r.name)).toEqual(names);
  });

  it('exports only what the caller may see', async () => {
    const mine = ids(csvRecords((await get(north.key, '/api/v1/companies/export')).bytes.toString('utf8')));
    expect(mine).not.toContain(southCompanyId);
    expect(ids(csvRecords((await get(south.key, '/api/v1/companies/export')).bytes.toString('utf8')))).toEqual([southCompanyId]);
    expect(ids(csvRecords((await get(a.adminKey, '/api/v1/companies/export')).bytes.toString('utf8')))).toContain(southCompanyId);
    expect(csvRecords((await get(south.key, '/api/v1/opportunities/export')).bytes.toString('utf8'))).toEqual([]);
  });
});

describe('file options and escaping', () => {
  it('escapes cells a spreadsheet would run as formulas, in CSV and XLSX', async () => {
    const rows = csvRecords((await get(north.key, '/api/v1/companies/export')).bytes.toString('utf8'));
    const by = (name: string) => rows.find((r) => r.name === name)!;
    expect(by('Anadolu Ambalaj').note).toBe('\'=HYPERLINK("http://evil.test")');
    expect(by('Ege Plastik')).toMatchObject({ sector: "'+90 sector", source: "'@fair" });
    expect(by("'-minus Kimya").city).toBe('Bursa');
    const sheet = await xlsxRecords((await get(north.key, '/api/v1/companies/export?format=xlsx')).bytes);
    expect(sheet.find((r) => r.id === companyId)!.note).toBe('\'=HYPERLINK("http://evil.test")');
  });

  it('writes a BOM and `;` when asked', async () => {
    const plain = (await get(north.key, '/api/v1/companies/export')).bytes;
    expect(plain.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
    const tr = (await get(north.key, '/api/v1/companies/export?bom=1&delimiter=%3B')).bytes;
    expect([...tr.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = tr.toString('utf8');
    expect(text.slice(1).split('\r\n')[0].startsWith('id;rid;name;')).toBe(true);
    const rows = csvRecords(text, ';');
    expect(rows.find((r) => r.city === 'İzmir')!.name).toBe('Ege Plastik');
  });

  it('refuses bad parameters with a 4xx and a code', async () => {
    const bad = async (path: string, status: number, error: string) => {
      const r = await as(north.key).get(path).expect(status);
      expect([path, r.body.error]).toEqual([path, error]);
    };
    await bad('/api/v1/companies/export?format=pdf', 400, 'invalid');
    await bad('/api/v1/companies/export?delimiter=%7C', 400, 'invalid');
    await bad('/api/v1/companies/export?bom=yes', 400, 'invalid');
    await bad('/api/v1/companies/export?limit=5', 400, 'invalid');
    await bad('/api/v1/companies/export?cursor=abc', 400, 'invalid');
    await bad('/api/v1/companies/export?updated_since=2026-01-01T00:00:00', 400, 'invalid');
    await bad('/api/v1/tasks/export?due_before=2026-01-01&due_after=2026-02-01', 400, 'invalid');
    await bad('/api/v1/objects/nope/records/export', 404, 'not_found');
    await bad('/api/v1/objects/sites/records/export?owner_id=0', 400, 'invalid');
    await api(t, a.host).get('/api/v1/companies/export').expect(401);
  });
});
