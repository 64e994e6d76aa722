import { ImportWorker } from '../../../src/domain/crm/imports';
import { normalizeName } from '../../../src/domain/crm/shared/duplicate';
import { api, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/** An export imported back (update or upsert, matched on external_id or id) changes nothing and makes no duplicate. */
let t: TestApp;
let a: Fixture;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'roundtrip');
});
afterAll(() => t.close());

const admin = () => api(t, a.host, a.adminKey);

async function reimport(file: Buffer, name: string, target: string, mode: string, matchKey: string) {
  const job = (await admin().raw('post', '/api/v1/imports').attach('file', file, name).expect(201)).body.import;
  // every exported column the target imports is mapped by its header (the REST field name)
  const fields = job.columns.map((c: { suggested: Record<string, string | null> }) => c.suggested[target]);
  // the columns nothing imports (owner, created_at …) are sent as null: left out
  await admin().put(`/api/v1/imports/${job.id}/mapping`, { target, mode, match_key: matchKey, fields }).expect(200);
  await admin().post(`/api/v1/imports/${job.id}/validate`).expect(201);
  await t.get(ImportWorker).drain();
  const v = (await admin().get(`/api/v1/imports/${job.id}`).expect(200)).body.import;
  expect(v.state).toBe('validated');
  await admin().post(`/api/v1/imports/${job.id}/run`).expect(201);
  await t.get(ImportWorker).drain();
  const done = (await admin().get(`/api/v1/imports/${job.id}`).expect(200)).body.import;
  expect(done.result).toEqual(v.validation);
  return { job: done, fields };
}

const snapshot = async (table: string) => db(t).query(`SELECT * FROM ${table} WHERE workspace_id = $1 ORDER BY id`, [a.ws.id]);

describe('export → import round trip', () => {
  it('companies and people exported as CSV and XLSX come back unchanged', async () => {
    const status = a.ws.constants.customer_statuses;
    // seeded in SQL: the import and the export are under test, not the create
    await db(t).query(
      `INSERT INTO companies (workspace_id, name, name_norm, city, status, website, phone, potential_kg, note, external_id, owner_id)
       SELECT $1, 'Firma ' || g, ($4::text[])[g], CASE WHEN g % 2 = 0 THEN 'İzmir' ELSE 'Bursa' END, $2, 'https://firma' || g || '.example', '+90 555 000 ' || g,
              g * 100, 'Not; "alıntı", satır' || chr(10) || 'iki', 'ERP-' || g, $3
         FROM generate_series(1, 12) g`,
      [a.ws.id, status[0], a.admin.id, Array.from({ length: 12 }, (_, i) => normalizeName(`Firma ${i + 1}`))],
    );
    const ids = (await snapshot('companies')).map((c: { id: number }) => c.id);
    await db(t).query(
      `INSERT INTO people (workspace_id, name, name_norm, email, customer_id, title, external_id, owner_id)
       SELECT $1, 'Kişi ' || g, ($4::text[])[g], 'kisi' || g || '@example.com', ($2::int[])[g], 'Müdür', 'P-' || g, $3 FROM generate_series(1, 12) g`,
      [a.ws.id, ids, a.admin.id, Array.from({ length: 12 }, (_, i) => normalizeName(`Kişi ${i + 1}`))],
    );
    const companies = await snapshot('companies');
    const people = await snapshot('people');

    const csv = await admin().raw('get', '/api/v1/companies/export?format=csv').buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(csv.status).toBe(200);
    const byExternal = await reimport(csv.body as Buffer, 'companies.csv', 'companies', 'update', 'external_id');
    expect(byExternal.fields).toEqual(expect.arrayContaining(['id', 'name', 'city', 'status', 'website', 'external_id']));
    expect(byExternal.job.result).toEqual({ companies: { created: 0, updated: 0, skipped: 12, refused: 0 } });
    expect(await snapshot('companies')).toEqual(companies);

    const xlsx = await admin().raw('get', '/api/v1/people/export?format=xlsx').buffer(true).parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
    expect(xlsx.status).toBe(200);
    const byId = await reimport(xlsx.body as Buffer, 'people.xlsx', 'people', 'upsert', 'id');
    expect(byId.job.result).toEqual({ people: { created: 0, updated: 0, skipped: 12, refused: 0 }, companies: { created: 0, updated: 0, skipped: 0, refused: 0 } });
    expect(await snapshot('people')).toEqual(people);
    expect(await snapshot('companies')).toEqual(companies);
  });
});
