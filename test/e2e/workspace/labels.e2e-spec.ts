import { AuthCache } from '../../../src/domain/workspace/auth-cache';
import { insertCompany } from '../../helpers/crm-fixtures';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * Labels of the installation constants in the caller's language (labels.ts): `me` answers the labels of the
 * user's language, records answer their *_label fields in it, and what the service writes for a person
 * (a visit's follow-up task) is in that person's language. Keys never change.
 */
let t: TestApp;
let f: Fixture;
let tr: { user: { id: number }; key: string };
beforeAll(async () => {
  t = await startApp();
  f = await createWorkspace(t, 'labels');
  tr = await createUser(t, f, { fullName: 'Tuna Türk' });
  await api(t, f.host, tr.key).patch('/api/v1/me', { locale: 'tr' }).expect(200);
});
afterAll(() => t?.close());

const me = async (key: string) => (await api(t, f.host, key).get('/api/v1/me').expect(200)).body;

it('answers the constants with labels in English and in Turkish, with the same keys', async () => {
  const en = await me(f.adminKey);
  const trMe = await me(tr.key);
  expect([en.locale, trMe.locale]).toEqual(['en', 'tr']);
  for (const key of ['stages', 'lead_statuses', 'task_priorities', 'order_statuses', 'visit_types']) expect(trMe.constants[key]).toEqual(en.constants[key]);

  expect(en.constants.labels.lead_statuses).toMatchObject({ Yeni: 'New', Aktarıldı: 'Converted', Kazanıldı: 'Won' });
  expect(en.constants.labels.visit_types.Deneme).toBe('Trial');
  expect(en.constants.stage_labels.Qualify).toBe('Qualify');
  expect(en.constants.labels.health.A).toBe('Healthy');

  expect(trMe.constants.stage_labels).toMatchObject({ Qualify: 'Nitelendirme', Win: 'Kazanıldı' });
  expect(trMe.constants.stage_gate.Win).toBe('Sıfırdan büyük bir tutar.');
  expect(trMe.constants.labels.stages.Qualify).toBe('Nitelendirme');
  expect(trMe.constants.labels).toMatchObject({
    task_priorities: { High: 'Yüksek' },
    task_statuses: { Open: 'Açık' },
    order_statuses: { new: 'Yeni', sent: 'Gönderildi' },
    forecast_cats: { Commit: 'Taahhüt' },
    loss_reasons: { 'No budget': 'Bütçe yok' },
    health: { A: 'Sağlıklı' },
    stage_steps: { 'Budget confirmed': 'Bütçe doğrulandı' },
  });
  // every key of every list has a label
  for (const key of en.constants.task_statuses) expect(trMe.constants.labels.task_statuses[key]).toEqual(expect.any(String));
  expect(trMe.user.role_label).not.toBe(en.user.role_label);
});

it("answers a record's labels in the caller's language", async () => {
  const c = await insertCompany(t, f, tr.user.id, { name: 'Marmara Ambalaj', status: 'Active' });
  const created = (await api(t, f.host, tr.key).post('/api/v1/opportunities', { name: 'Film 2027', customer_id: c.id }).expect(201)).body.opp;
  const inTr = (await api(t, f.host, tr.key).get(`/api/v1/opportunities/${created.id}`).expect(200)).body.opp;
  expect(inTr).toMatchObject({ stage: 'Qualify', stage_label: 'Nitelendirme', next_stage: 'Viable' });
  expect(inTr.guide).toBe('Uygun için: En az 2 BANT puanı ve seçilmiş bir ürün.');
  expect(['Sağlıklı', 'İzlenmeli', 'Riskli', 'Kritik']).toContain(inTr.health.label);
  const inEn = (await api(t, f.host, f.adminKey).get(`/api/v1/opportunities/${created.id}`).expect(200)).body.opp;
  expect(inEn).toMatchObject({ stage: 'Qualify', stage_label: 'Qualify', guide: 'To reach Viable: BANT score of at least 2 and a product chosen.' });

  const cards = (await api(t, f.host, tr.key).get('/api/v1/companies').expect(200)).body.items;
  expect(cards.find((x: { id: number }) => x.id === c.id)).toMatchObject({ status: 'Active', status_label: 'Aktif' });

  const qe = (await api(t, f.host, tr.key).get('/api/v1/qe/config').expect(200)).body;
  expect(qe.stage_labels.Negotiation).toBe('Pazarlık');
  expect(qe.visit_types.find((v: { k: string }) => v.k === 'Deneme')).toMatchObject({ k: 'Deneme', label: 'Deneme' });
});

it("writes a visit's follow-up task in the language of the person who logs it", async () => {
  const c = await insertCompany(t, f, tr.user.id, { name: 'Ege Plastik' });
  const v = (await api(t, f.host, tr.key).post('/api/v1/activities', { type: 'Call', date: '2026-11-20', customer_id: c.id, next_action: 'Send offer', next_date: '2026-12-06' }).expect(201)).body.activity;
  expect(v.task).toBe('Teklif gönder: Ege Plastik');
  // the visit keeps the key
  expect(v.next_action).toBe('Send offer');
});

it('reads default labels for a workspace stored before labels existed', async () => {
  await db(t).query(`UPDATE workspaces SET constants = constants - 'labels' WHERE id = $1`, [f.ws.id]);
  await t.get(AuthCache).invalidateWorkspace(f.ws.id);
  const trMe = await me(tr.key);
  expect(trMe.constants.labels.lead_statuses.Yeni).toBe('Yeni');
  expect(trMe.constants.stage_labels.Qualify).toBe('Nitelendirme');
  expect((await me(f.adminKey)).constants.labels.lead_statuses.Yeni).toBe('New');
});

it("titles a lead conversion's follow-up task in the language of the person converting", async () => {
  const lead = (await api(t, f.host, tr.key).post('/api/v1/leads', { company: 'Trakya Kimya', contact_name: 'Ece', next_action: 'Send offer', next_date: '2026-12-08' }).expect(201)).body.lead;
  const r = (await api(t, f.host, tr.key).post(`/api/v1/leads/${lead.id}/convert`, {}).expect(200)).body;
  const task = (await api(t, f.host, tr.key).get(`/api/v1/tasks/${r.task_id}`).expect(200)).body.task;
  expect(task.title).toBe('Teklif gönder: Trakya Kimya');
  expect(task.description).toContain('Fuar adayı');
});
