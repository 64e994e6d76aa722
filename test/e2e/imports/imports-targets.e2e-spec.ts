import { ImportRetention, ImportWorker } from '../../../src/domain/crm/imports';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/** Import targets beside companies, people and opportunities: fair leads, tasks and custom-object records. */
let t: TestApp;
let a: Fixture;
let other: Fixture;

beforeAll(async () => {
  t = await startApp({ env: { IMPORT_BATCH_ROWS: '2' } });
  a = await createWorkspace(t, 'impt');
  other = await createWorkspace(t, 'impt2');
});
afterAll(() => t.close());

const admin = () => api(t, a.host, a.adminKey);
const worker = () => t.get(ImportWorker);

async function uploaded(csv: string, key = a.adminKey) {
  return (await api(t, a.host, key).raw('post', '/api/v1/imports').attach('file', Buffer.from(csv, 'utf8'), 'file.csv').expect(201)).body.import;
}

async function validateAndRun(id: number, body: object, key = a.adminKey) {
  await api(t, a.host, key).put(`/api/v1/imports/${id}/mapping`, body).expect(200);
  await api(t, a.host, key).post(`/api/v1/imports/${id}/validate`).expect(201);
  await worker().drain();
  const v = (await api(t, a.host, key).get(`/api/v1/imports/${id}`).expect(200)).body.import;
  expect(v.state).toBe('validated');
  await api(t, a.host, key).post(`/api/v1/imports/${id}/run`).expect(201);
  await worker().drain();
  const done = (await api(t, a.host, key).get(`/api/v1/imports/${id}`).expect(200)).body.import;
  expect(done.state).toBe('completed');
  // the run reproduces the dry run
  expect(done.result).toEqual(v.validation);
  return done;
}

async function refused(id: number) {
  return (await admin().get(`/api/v1/imports/${id}/errors?format=csv`).expect(200)).text;
}

describe('import targets: leads, tasks, custom objects', () => {
  it('imports fair leads with their fair by name and a lead status by label, refusing an unknown fair; upsert by e-mail updates and revert restores', async () => {
    const fair = (await admin().post('/api/v1/fairs', { name: 'Plast Eurasia', city: 'Istanbul', start_date: '2026-12-02', end_date: '2026-12-05' }).expect(201)).body.fair;
    const statuses = a.ws.constants.lead_statuses;
    const csv = `Firma,Yetkili,E-posta,Fuar,Durum,Takip tarihi\nAlfa Kimya,Ayşe Kaya,ayse@alfa.example,plast eurasia,${statuses[1]},31.12.2026\nBeta Boya,Ali Can,ali@beta.example,No Such Fair,,\nGama,Ece,ali@beta.example,,,\n`;
    const job = await uploaded(csv);
    expect(job.columns.map((c: { suggested: Record<string, string | null> }) => c.suggested.leads)).toEqual(['company', 'contact_name', 'email', 'fair', 'status', 'next_date']);
    const done = await validateAndRun(job.id, { target: 'leads', mode: 'create', fields: job.columns.map((c: { suggested: { leads: string } }) => c.suggested.leads) });
    expect(done.result).toEqual({ leads: { created: 1, updated: 0, skipped: 0, refused: 2 } });
    const [lead] = await db(t).query(`SELECT * FROM leads WHERE workspace_id = $1 AND email = 'ayse@alfa.example'`, [a.ws.id]);
    expect(lead).toMatchObject({ company: 'Alfa Kimya', contact_name: 'Ayşe Kaya', fair_id: fair.id, status: statuses[1], next_date: '2026-12-31' });
    const errors = await refused(job.id);
    expect(errors).toContain('no fair named No Such Fair');
    expect(errors).toContain('duplicate_in_file');

    const interest = a.ws.constants.lead_interest;
    const again = await uploaded(`email,city,interest\nAYSE@alfa.example,İzmir,${interest[0]}\nnew@x.example,Bursa,\n`);
    const up = await validateAndRun(again.id, { target: 'leads', mode: 'update', match_key: 'email', fields: ['email', 'city', 'interest'] });
    expect(up.result).toEqual({ leads: { created: 0, updated: 1, skipped: 0, refused: 1 } });
    expect((await db(t).query(`SELECT city, interest, email FROM leads WHERE id = $1`, [lead.id]))[0]).toEqual({ city: 'İzmir', interest: interest[0], email: 'ayse@alfa.example' });
    await admin().post(`/api/v1/imports/${again.id}/revert`).expect(201);
    await worker().drain();
    expect((await db(t).query(`SELECT city, interest FROM leads WHERE id = $1`, [lead.id]))[0]).toEqual({ city: lead.city, interest: lead.interest });
  });

  it('imports tasks with an assignee by e-mail or name, a priority by label and a company found by name; revert deletes them', async () => {
    const colleague = await createUser(t, a, { fullName: 'Deniz Yıldız', email: 'deniz@impt.test', modules: ['Customers', 'Visits / Activities'] });
    const company = (await admin().post('/api/v1/companies', { name: 'Omega Metal' }).expect(201)).body.company;
    const prio = a.ws.constants.task_priorities;
    const csv = `Görev,Son tarih,Öncelik,Sorumlu,Firma\nCall back,2026-12-01,${prio[0]},deniz@impt.test,omega metal\nSend offer,01.12.2026,,DENIZ YILDIZ,\n,2026-12-02,,,\nBad,,,nobody@nowhere.example,\n`;
    const job = await uploaded(csv);
    const fields = job.columns.map((c: { suggested: { tasks: string } }) => c.suggested.tasks);
    expect(fields).toEqual(['title', 'due_date', 'priority', 'assignee', 'company']);
    const done = await validateAndRun(job.id, { target: 'tasks', mode: 'create', fields });
    expect(done.result).toEqual({ tasks: { created: 2, updated: 0, skipped: 0, refused: 2 }, companies: { created: 0, updated: 0, skipped: 0, refused: 0 } });
    const tasks = await db(t).query(`SELECT title, due_date, priority, assignee_id, customer_id FROM tasks WHERE workspace_id = $1 ORDER BY id`, [a.ws.id]);
    expect(tasks).toEqual([
      { title: 'Call back', due_date: '2026-12-01', priority: prio[0], assignee_id: colleague.user.id, customer_id: company.id },
      expect.objectContaining({ title: 'Send offer', due_date: '2026-12-01', assignee_id: colleague.user.id, customer_id: null }),
    ]);
    const errors = await refused(job.id);
    expect(errors).toContain('title: is required');
    expect(errors).toContain('no active user with the e-mail or name nobody@nowhere.example');
    await admin().post(`/api/v1/imports/${job.id}/revert`).expect(201);
    await worker().drain();
    expect((await admin().get(`/api/v1/imports/${job.id}`).expect(200)).body.import.revert).toMatchObject({ deleted: 2 });
    expect(await db(t).query(`SELECT id FROM tasks WHERE workspace_id = $1`, [a.ws.id])).toEqual([]);
  });

  it("imports a custom object's records with its field labels as headers, through the records' validation; another workspace's object is not found", async () => {
    await admin()
      .post('/api/v1/objects', { key: 'sites', label: 'Sites', fields: [{ key: 'size', label: 'Tesis büyüklüğü', type: 'select', options: ['Small', 'Large'], required: true }, { key: 'capacity', label: 'Capacity', type: 'number' }, { key: 'kinds', label: 'Kinds', type: 'multiselect', options: ['PE', 'PVC'] }] })
      .expect(201);
    const csv = `Name,Tesis Büyüklüğü,Capacity,Kinds\nGebze plant,large,"1.500",PE; pvc\nİzmir depot,Medium,10,\nTuzla,,5,\n`;
    const job = await uploaded(csv);
    expect(job.columns.map((c: { suggested: Record<string, string | null> }) => c.suggested['object:sites'])).toEqual(['name', 'fields.size', 'fields.capacity', 'fields.kinds']);
    const fields = ['name', 'fields.size', 'fields.capacity', 'fields.kinds'];
    const done = await validateAndRun(job.id, { target: 'object:sites', mode: 'create', fields });
    expect(done.target).toBe('object:sites');
    expect(done.result).toEqual({ 'object:sites': { created: 1, updated: 0, skipped: 0, refused: 2 } });
    const [rec] = await db(t).query(`SELECT id, name, data FROM object_records WHERE workspace_id = $1`, [a.ws.id]);
    expect(rec).toMatchObject({ name: 'Gebze plant', data: { size: 'Large', capacity: 1500, kinds: ['PE', 'PVC'] } });
    const errors = await refused(job.id);
    expect(errors).toContain('must be one of Small, Large (unknown_value)');
    // the required select is checked by the records' own rule (the REST create's)
    expect(errors).toMatch(/Tuzla.*fields\.size/);

    // update by name: a changed capacity, the rest as it is
    const again = await uploaded(`name,capacity\ngebze PLANT,2000\n`);
    const up = await validateAndRun(again.id, { target: 'object:sites', mode: 'update', match_key: 'name', fields: ['name', 'fields.capacity'] });
    expect(up.result).toEqual({ 'object:sites': { created: 0, updated: 1, skipped: 0, refused: 0 } });
    expect((await db(t).query(`SELECT name, data FROM object_records WHERE id = $1`, [rec.id]))[0]).toMatchObject({ name: 'Gebze plant', data: { size: 'Large', capacity: 2000 } });

    // another workspace has no such object: 404, and an unknown target is 400
    const b = (await api(t, other.host, other.adminKey).raw('post', '/api/v1/imports').attach('file', Buffer.from('name\nx\n'), 'f.csv').expect(201)).body.import;
    await api(t, other.host, other.adminKey).put(`/api/v1/imports/${b.id}/mapping`, { target: 'object:sites', mode: 'create', fields: ['name'] }).expect(404);
    await api(t, other.host, other.adminKey).put(`/api/v1/imports/${b.id}/mapping`, { target: 'Object:Sites', mode: 'create', fields: ['name'] }).expect(400);
  });

  it('needs the module of the target: tasks need Visits / Activities, leads Fair leads', async () => {
    const u = await createUser(t, a, { modules: ['Customers', 'import'] });
    const job = await uploaded('title\nx\n', u.key);
    const res = await api(t, a.host, u.key).put(`/api/v1/imports/${job.id}/mapping`, { target: 'tasks', mode: 'create', fields: ['title'] }).expect(403);
    expect(res.body.error).toBe('module');
    await api(t, a.host, u.key).put(`/api/v1/imports/${job.id}/mapping`, { target: 'leads', mode: 'create', fields: ['company'] }).expect(403);
  });

  it('prunes files a week after their job ended, ended jobs with their rows after 60 days and jobs never run after 30', async () => {
    const jobs = await db(t).query(`SELECT id, state FROM import_jobs WHERE workspace_id = $1 ORDER BY id`, [a.ws.id]);
    const ended = jobs.filter((j: { state: string }) => ['completed', 'reverted'].includes(j.state));
    const [recent, old] = [ended[0].id, ended[1].id];
    const fresh = (await uploaded('name\nx\n')).id;
    const abandoned = (await uploaded('name\ny\n')).id;
    await db(t).query(`UPDATE import_jobs SET finished_at = now() - interval '8 days' WHERE workspace_id = $1 AND id = $2`, [a.ws.id, recent]);
    await db(t).query(`UPDATE import_jobs SET finished_at = now() - interval '61 days' WHERE workspace_id = $1 AND id = $2`, [a.ws.id, old]);
    await db(t).query(`UPDATE import_jobs SET updated_at = now() - interval '31 days' WHERE workspace_id = $1 AND id = $2`, [a.ws.id, abandoned]);
    const rowsOf = async (id: number) => Number((await db(t).query(`SELECT count(*) AS n FROM import_rows WHERE workspace_id = $1 AND job_id = $2`, [a.ws.id, id]))[0].n);
    expect(await rowsOf(old)).toBeGreaterThan(0);
    const recentRows = await rowsOf(recent);

    const pruned = await t.get(ImportRetention).prune();
    expect(pruned).toMatchObject({ jobs: 2 });
    const left = async (table: string, column: string) => (await db(t).query(`SELECT ${column} AS id FROM ${table} WHERE workspace_id = $1`, [a.ws.id])).map((r: { id: number }) => r.id);
    const jobIds = await left('import_jobs', 'id');
    expect(jobIds).toEqual(expect.arrayContaining([recent, fresh]));
    expect(jobIds).not.toContain(old);
    expect(jobIds).not.toContain(abandoned);
    const files = await left('import_files', 'job_id');
    expect(files).toContain(fresh);
    for (const gone of [recent, old, abandoned]) expect(files).not.toContain(gone);
    expect(await rowsOf(old)).toBe(0);
    // the recent job keeps its rows (revert, refused rows) and answers without its file
    expect(await rowsOf(recent)).toBe(recentRows);
    await admin().get(`/api/v1/imports/${recent}`).expect(200);
    await admin().get(`/api/v1/imports/${old}`).expect(404);
    expect(await t.get(ImportRetention).prune()).toEqual({ rows: 0, files: 0, jobs: 0 });
  });
});
