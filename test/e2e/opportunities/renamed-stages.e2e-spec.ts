import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, QueryRunner } from 'typeorm';
import { AdminCommands } from '../../../src/interfaces/cli/admin-commands';
import { addDays, todayIn } from '../../../src/platform/common/time';
import { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import { StageRulesAsData1795320000000 } from '../../../src/platform/database/migrations/1795320000000-StageRulesAsData';
import { validateConstants } from '../../../src/domain/workspace/constants';
import { defaultConstants } from '../../../src/domain/workspace/defaults';
import { Workspace } from '../../../src/domain/workspace/workspace.entity';
import { WorkspaceService } from '../../../src/domain/workspace/workspace.service';
import { insertCompany, insertProduct, outboxOf } from '../../helpers/crm-fixtures';
import { turkishConstants } from '../../helpers/renamed-constants';
import { Module } from '@nestjs/common';
import { DemoModule } from '../../../src/domain/demo/demo.module';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/** The admin CLI's commands inside the test app (the CLI has its own module; the app never imports it). */
@Module({ imports: [DemoModule], providers: [AdminCommands] })
class CliCommandsModule {}

/**
 * An installation whose stages, task statuses, customer statuses and forecast categories have other
 * (Turkish) keys than the defaults, set through WorkspaceService.setConstants: the opportunity rules,
 * task and company statuses all follow the constants.
 */
let t: TestApp;
let a: Fixture;
let seller: { user: { id: number }; key: string };
let companyId: number;
let productId: number;
let today: string;
const SALES_CYCLE = 30;

beforeAll(async () => {
  t = await startApp({ imports: [CliCommandsModule] });
  a = await createWorkspace(t, 'kazan');
  await t.get(WorkspaceService).setConstants('kazan', { ...turkishConstants(), sales_cycle_days: SALES_CYCLE });
  seller = await createUser(t, a, { department: 'Satış', fullName: 'Selin Satış' });
  companyId = (await insertCompany(t, a, seller.user.id, { name: 'Ege Film A.Ş.', status: 'Aktif' })).id;
  productId = (await insertProduct(t, a, { name: 'LDPE film' })).id;
  today = todayIn(a.ws.timezone);
});
afterAll(() => t.close());

const as = () => api(t, a.host, seller.key);
async function newOpp(body: Record<string, unknown> = {}) {
  return (await as().post('/api/v1/opportunities', { name: 'Film hattı', customer_id: companyId, ...body }).expect(201)).body.opp;
}
const move = (id: number, stage: string, extra: object = {}) => as().post(`/api/v1/opportunities/${id}/stage`, { stage, ...extra });

describe('opportunities with renamed stages', () => {
  it('sends the renamed constants in me', async () => {
    const c = (await as().get('/api/v1/me').expect(200)).body.constants;
    expect(c.stages).toEqual(['Nitelendirme', 'Uygun', 'Çözüm Sunumu', 'Pazarlık', 'Kapanış Bekleniyor', 'Kazanıldı', 'Kaybedildi', 'İptal']);
    expect(c.stage_roles).toMatchObject({ Kazanıldı: 'won', Kaybedildi: 'lost', İptal: 'cancelled', Nitelendirme: 'open' });
    expect(c.task_done_status).toBe('Bitti');
  });

  it('creates in the first stage with its Turkish checklist, BANT steps, forecast category and default close date', async () => {
    const o = await newOpp({ value: 1000, bant_b: true });
    expect(o).toMatchObject({
      stage: 'Nitelendirme', stage_label: 'Nitelendirme (TR)', next_stage: 'Uygun', is_open: true, is_account: true, prob: 0.1, weighted: 100, fc: 'Havuz',
      sla_days: 14, trend: 'flat', close_date: addDays(today, SALES_CYCLE), gate_problems: ['BANT score is 1; at least 2 needed', 'no product chosen'],
      health: { grade: 'B', label: 'Watch', score: 70 },
    });
    expect(o.health_why.map((w: string[]) => w[0])).toEqual(['no_next_step', 'low_bant']);
    expect(o.guide).toBe('To reach Uygun (TR): BANT score of at least 2 and a product chosen.');
    expect(o.steps.map((s: { title: string; auto: boolean; done: boolean; stage: string }) => [s.stage, s.title, s.auto, s.done])).toEqual([
      ['Nitelendirme', 'Bütçe onaylandı', true, true],
      ['Nitelendirme', 'Karar verici belli', true, false],
      ['Nitelendirme', 'İhtiyaç onaylandı', true, false],
      ['Nitelendirme', 'Zamanlama kararlaştırıldı', true, false],
      ['Nitelendirme', 'İlk görüşme yapıldı', false, false],
    ]);
    const ev = (await outboxOf(t, a, 'opp_created')).find((e) => e.recordId === o.id)!;
    expect(ev.data).toMatchObject({ stage: 'Nitelendirme', stage_label: 'Nitelendirme (TR)' });
    // the default keys are not stages here
    expect((await as().post('/api/v1/opportunities', { name: 'x', customer_id: companyId, stage: 'Qualify' }).expect(400)).body.field).toBe('stage');
    expect((await as().post('/api/v1/opportunities', { name: 'x', customer_id: companyId, stage: 'Kazanıldı' }).expect(400)).body.field).toBe('stage');
    // created in a later stage: gates of the stages passed, steps of both stages
    expect((await as().post('/api/v1/opportunities', { name: 'x', customer_id: companyId, stage: 'Uygun' }).expect(400)).body.gate_problems).toEqual(['BANT score is 0; at least 2 needed', 'no product chosen']);
    const later = await newOpp({ stage: 'Uygun', bant_b: true, bant_a: true, product_id: productId });
    expect(later.steps.filter((s: { stage: string }) => s.stage === 'Uygun').map((s: { title: string }) => s.title)).toEqual(['Product selected', 'Samples sent']);
  });

  it('applies the gates forward, none backward, and wins with opp_won', async () => {
    const o = await newOpp();
    const patch = (body: object) => as().patch(`/api/v1/opportunities/${o.id}`, body).expect(200);
    expect((await move(o.id, 'Uygun').expect(400)).body.gate_problems).toEqual(['BANT score is 0; at least 2 needed', 'no product chosen']);
    // BANT steps set the flags
    const budget = o.steps.find((s: { title: string }) => s.title === 'Bütçe onaylandı');
    expect((await as().post(`/api/v1/steps/${budget.id}/toggle`, {}).expect(200)).body.opp).toMatchObject({ bant_b: true, bant: 1 });
    await patch({ bant_a: true, product_id: productId });
    let r = await move(o.id, 'Uygun', { note: 'nitelendi' }).expect(200);
    expect(r.body.opp).toMatchObject({ stage: 'Uygun', next_stage: 'Çözüm Sunumu', trend: 'up', trend_label: 'Advancing', fc: 'Havuz', prob: 0.25, sla_days: 21 });
    expect(r.body.opp.steps.filter((s: { stage: string }) => s.stage === 'Uygun')).toHaveLength(2);
    expect((await move(o.id, 'Pazarlık').expect(400)).body.gate_problems).toEqual(['Çözüm Sunumu: need not confirmed (BANT N)', 'no offer price', 'no payment terms']);
    await patch({ bant_n: true, offer_price: 1.5, payment_days: 60 });
    r = await move(o.id, 'Pazarlık').expect(200);
    expect(r.body.opp).toMatchObject({ stage: 'Pazarlık', fc: 'En iyi durum', prob: 0.6 });
    // backward: no gate, trend down
    r = await move(o.id, 'Uygun').expect(200);
    expect(r.body.opp).toMatchObject({ stage: 'Uygun', trend: 'down', trend_label: 'Slipping' });
    await move(o.id, 'Pazarlık').expect(200);
    await patch({ close_date: addDays(today, -1) });
    expect((await move(o.id, 'Kapanış Bekleniyor').expect(400)).body.gate_problems).toEqual(['close date is in the past']);
    await patch({ close_date: addDays(today, 5) });
    r = await move(o.id, 'Kapanış Bekleniyor').expect(200);
    expect(r.body.opp).toMatchObject({ fc: 'Taahhüt', prob: 0.8, next_stage: 'Kazanıldı' });
    expect((await move(o.id, 'Kazanıldı').expect(400)).body.gate_problems).toEqual(['value must be above zero']);
    await patch({ value: 5000 });
    r = await move(o.id, 'Kazanıldı').expect(200);
    expect(r.body.opp).toMatchObject({ stage: 'Kazanıldı', is_open: false, prob: 1, weighted: 5000, fc: 'Kapandı', trend: 'up', trend_label: 'Won', close_category: 'Won', can_revive: false, next_stage: '' });
    expect((await outboxOf(t, a, 'opp_won')).filter((e) => e.recordId === o.id).map((e) => e.title)).toEqual(['Won: Film hattı']);
    expect((await outboxOf(t, a, 'opp_stage')).filter((e) => e.recordId === o.id).at(-1)!.title).toBe('Film hattı: Kapanış Bekleniyor (TR) → Kazanıldı (TR)');
    expect((await as().post(`/api/v1/opportunities/${o.id}/revive`, {}).expect(403)).body.message).toContain('only lost or cancelled');
  });

  it('loses with a loss reason and opp_lost, cancels without opp_lost, and revives both', async () => {
    const lost = await newOpp({ product_id: productId, potential_kg: 700 });
    expect((await move(lost.id, 'Kaybedildi').expect(400)).body.field).toBe('close_reason');
    let r = await move(lost.id, 'Kaybedildi', { close_reason: 'Price' }).expect(200);
    expect(r.body.opp).toMatchObject({ is_open: false, close_category: 'Kaybedildi', can_revive: true, fc: 'Hariç', prob: 0, trend: 'down', trend_label: 'Lost' });
    expect((await outboxOf(t, a, 'opp_lost')).filter((e) => e.recordId === lost.id)).toHaveLength(1);
    const cancelled = await newOpp();
    expect((await move(cancelled.id, 'İptal').expect(400)).body.field).toBe('close_reason');
    r = await move(cancelled.id, 'İptal', { close_reason: 'Timing' }).expect(200);
    expect(r.body.opp).toMatchObject({ is_open: false, close_category: 'İptal', can_revive: true, trend_label: 'Cancelled' });
    expect((await outboxOf(t, a, 'opp_lost')).filter((e) => e.recordId === cancelled.id)).toHaveLength(0);
    for (const old of [lost, cancelled]) {
      const n = (await as().post(`/api/v1/opportunities/${old.id}/revive`, {}).expect(200)).body.opp;
      expect(n).toMatchObject({ stage: 'Nitelendirme', is_open: true, revived_from_id: old.id, start_date: today, close_date: addDays(today, SALES_CYCLE) });
      expect(n.logs).toEqual([expect.objectContaining({ from: null, to: 'Nitelendirme' })]);
      expect(n.steps.map((s: { title: string }) => s.title)[0]).toBe('Bütçe onaylandı');
    }
    expect((await as().get('/api/v1/opportunities?stage=Kaybedildi').expect(200)).body.items.map((o: { id: number }) => o.id)).toEqual([lost.id]);
    expect((await as().get('/api/v1/opportunities?stage=Lost').expect(400)).body.field).toBe('stage');
  });

  it('refuses a stage in PATCH, and sets close_date back to the sales-cycle default with null', async () => {
    const o = await newOpp({ start_date: '2026-01-10', close_date: '2026-12-31' });
    expect(o.close_date).toBe('2026-12-31');
    const r = await as().patch(`/api/v1/opportunities/${o.id}`, { stage: 'Uygun' }).expect(400);
    expect(r.body.message).toContain(`POST /api/v1/opportunities/${o.id}/stage`);
    const cleared = (await as().patch(`/api/v1/opportunities/${o.id}`, { close_date: null }).expect(200)).body.opp;
    expect(cleared.close_date).toBe(addDays('2026-01-10', SALES_CYCLE));
    expect((await newOpp({ start_date: '2026-02-01' })).close_date).toBe(addDays('2026-02-01', SALES_CYCLE));
  });

  it('fills close_date of rows written by SQL directly (database trigger, same default)', async () => {
    const r = await db(t).insert(Opportunity, { workspaceId: a.ws.id, name: 'raw', customerId: companyId, ownerId: seller.user.id, stage: 'Nitelendirme', isOpen: true, currency: 'EUR', startDate: '2026-03-01' });
    const row = await db(t).findOneByOrFail(Opportunity, { workspaceId: a.ws.id, id: r.identifiers[0]!.id as number });
    expect(row.closeDate).toBe(addDays('2026-03-01', SALES_CYCLE));
  });
});

describe('task and company statuses with other names', () => {
  it('sets done_at with the done status and leaves closed tasks out of overdue and open', async () => {
    const past = addDays(today, -3);
    const done = (await as().post('/api/v1/tasks', { title: 'bitti', status: 'Bitti', due_date: past }).expect(201)).body.task;
    expect(done).toMatchObject({ status: 'Bitti', overdue: false });
    expect(done.done_at).toEqual(expect.any(String));
    const dropped = (await as().post('/api/v1/tasks', { title: 'vazgeçildi', status: 'Vazgeçildi', due_date: past }).expect(201)).body.task;
    expect(dropped).toMatchObject({ overdue: false, done_at: null });
    const open = (await as().post('/api/v1/tasks', { title: 'açık', due_date: past }).expect(201)).body.task;
    expect(open).toMatchObject({ status: 'Açık', overdue: true, done_at: null });
    const ids = async (q: string) => (await as().get(`/api/v1/tasks?${q}`).expect(200)).body.items.map((x: { id: number }) => x.id);
    expect(await ids('open=true')).toEqual([open.id]);
    expect((await ids('open=false')).sort()).toEqual([done.id, dropped.id].sort());
    expect(await ids('overdue=true')).toEqual([open.id]);
    const reopened = (await as().patch(`/api/v1/tasks/${done.id}`, { status: 'Sürüyor' }).expect(200)).body.task;
    expect(reopened).toMatchObject({ done_at: null, overdue: true });
    expect((await as().post('/api/v1/tasks', { title: 'x', status: 'Done' }).expect(400)).body.field).toBe('status');
  });

  it('counts the installation at-risk and account statuses', async () => {
    const pasif = await insertCompany(t, a, seller.user.id, { status: 'Pasif' });
    const aktif = await insertCompany(t, a, seller.user.id, { status: 'Aktif' });
    expect((await as().get(`/api/v1/companies/${pasif.id}`).expect(200)).body.company.at_risk).toBe(true);
    expect((await as().get(`/api/v1/companies/${aktif.id}`).expect(200)).body.company.at_risk).toBe(false);
    const aday = await insertCompany(t, a, seller.user.id, { status: 'Aday' });
    expect((await as().post('/api/v1/opportunities', { name: 'aday', customer_id: aday.id }).expect(201)).body.opp.is_account).toBe(false);
  });
});

describe('constants:set', () => {
  const file = (content: unknown) => {
    const p = join(mkdtempSync(join(tmpdir(), 'constants-')), 'constants.json');
    writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
    return p;
  };
  const run = (flags: Record<string, string>) => t.get(AdminCommands).run('constants:set', flags);

  it('merges a partial file over the current constants and prints one object', async () => {
    await createWorkspace(t, 'cli-consts');
    const out = await run({ workspace: 'cli-consts', file: file({ sales_cycle_days: 45, stage_sla: { ...defaultConstants().stage_sla, Qualify: 7 } }) });
    expect(out).toMatchObject({ ok: true, workspace: 'cli-consts', changed: ['sales_cycle_days', 'stage_sla'] });
    const ws = await db(t).findOneByOrFail(Workspace, { slug: 'cli-consts' });
    expect(ws.constants).toEqual({ ...defaultConstants(), sales_cycle_days: 45, stage_sla: { ...defaultConstants().stage_sla, Qualify: 7 } });
  });

  it('refuses a bad file naming the bad key, and changes nothing', async () => {
    await createWorkspace(t, 'cli-bad');
    const bad = { stage_roles: { ...defaultConstants().stage_roles, Kazanç: 'won' } };
    await expect(run({ workspace: 'cli-bad', file: file(bad) })).rejects.toMatchObject({ code: 'invalid', message: expect.stringContaining('stage_roles.Kazanç: not one of the stages') });
    await expect(run({ workspace: 'cli-bad', file: file({ stage_gates: { Viable: { bant: 2 } } }) })).rejects.toMatchObject({ message: expect.stringContaining('stage_gates.Viable.bant: unknown gate rule') });
    await expect(run({ workspace: 'cli-bad', file: file('{not json') })).rejects.toMatchObject({ message: expect.stringContaining('--file: not valid JSON') });
    await expect(run({ workspace: 'cli-bad', file: file([1, 2]) })).rejects.toMatchObject({ message: expect.stringContaining('JSON object') });
    await expect(run({ workspace: 'cli-bad', file: '/nonexistent/constants.json' })).rejects.toMatchObject({ message: expect.stringContaining('cannot read') });
    await expect(run({ workspace: 'nope', file: file({ sales_cycle_days: 1 }) })).rejects.toMatchObject({ code: 'not_found' });
    await expect(run({ workspace: 'cli-bad' })).rejects.toMatchObject({ message: '--file is required' });
    expect((await db(t).findOneByOrFail(Workspace, { slug: 'cli-bad' })).constants).toEqual(defaultConstants());
  });
});

describe('setConstants on a workspace with opportunities', () => {
  it('refuses to drop a stage still in use, and keeps is_open in step with changed roles', async () => {
    const f = await createWorkspace(t, 'consts-data');
    const cust = await insertCompany(t, f, f.admin.id);
    const opp = (await api(t, f.host, f.adminKey).post('/api/v1/opportunities', { name: 'x', customer_id: cust.id }).expect(201)).body.opp;
    await api(t, f.host, f.adminKey).patch(`/api/v1/opportunities/${opp.id}`, { offer_price: 1, payment_days: 30, bant_b: true, bant_a: true, bant_n: true, product_id: (await insertProduct(t, f)).id }).expect(200);
    await api(t, f.host, f.adminKey).post(`/api/v1/opportunities/${opp.id}/stage`, { stage: 'Negotiation' }).expect(200);
    const svc = t.get(WorkspaceService);
    await expect(svc.setConstants('consts-data', turkishConstants())).rejects.toMatchObject({ code: 'invalid', message: 'stages: still used, so they cannot be removed or renamed: Negotiation (1 opportunity)' });
    const d = defaultConstants();
    await svc.setConstants('consts-data', { open_stages: d.open_stages.filter((s) => s !== 'Negotiation'), stage_roles: { ...d.stage_roles, Negotiation: 'cancelled' } });
    const after = (await api(t, f.host, f.adminKey).get(`/api/v1/opportunities/${opp.id}`).expect(200)).body.opp;
    expect(after).toMatchObject({ stage: 'Negotiation', is_open: false, can_revive: true });
    expect((await api(t, f.host, f.adminKey).get('/api/v1/opportunities?status=open').expect(200)).body.items).toEqual([]);
  });
});

describe('migration 1795320000000 on an installation of before', () => {
  it('adds the rules derived from each workspace, keeps what it has, and backfills close_date', async () => {
    const m = new StageRulesAsData1795320000000();
    // a runner holds its connection until released (the embedded database has only one)
    const withRunner = async (fn: (r: QueryRunner) => Promise<void>) => {
      const runner = t.get(DataSource).createQueryRunner();
      try {
        await fn(runner);
      } finally {
        await runner.release();
      }
    };
    await withRunner((r) => m.down(r));
    const plain = await createWorkspace(t, 'mig-plain');
    const custom = await createWorkspace(t, 'mig-custom');
    const oldShape = (extra: Record<string, unknown>) => {
      const { stage_roles: _1, stage_gates: _2, stage_steps: _3, stage_fc: _4, task_closed_statuses: _5, task_done_status: _6, customer_at_risk_statuses: _7, customer_account_statuses: _8, sales_cycle_days: _9, labels: _10, ...old } = defaultConstants();
      return { ...old, ...extra };
    };
    await db(t).query('UPDATE workspaces SET constants = $1 WHERE id = $2', [JSON.stringify(oldShape({})), plain.ws.id]);
    const customOld = oldShape({ stages: ['Yeni', 'Teklif', 'Win', 'Lost'], open_stages: ['Yeni', 'Teklif'], stage_sla: { Yeni: 5 }, stage_labels: { Yeni: 'Yeni', Teklif: 'Teklif', Win: 'Kazanıldı', Lost: 'Kaybedildi' }, stage_colors: {}, stage_gate: {}, stage_prob: { Yeni: 0.2, Teklif: 0.5 }, sales_cycle_days: 30 });
    await db(t).query('UPDATE workspaces SET constants = $1 WHERE id = $2', [JSON.stringify(customOld), custom.ws.id]);
    const cust = await insertCompany(t, plain, plain.admin.id);
    await db(t).query(
      `INSERT INTO opportunities (workspace_id, name, customer_id, owner_id, stage, currency, start_date) VALUES ($1, 'old', $2, $3, 'Qualify', 'EUR', '2026-01-01'), ($4, 'old', $2, $3, 'Yeni', 'EUR', '2026-01-01')`,
      [plain.ws.id, cust.id, plain.admin.id, custom.ws.id],
    );
    expect((await db(t).query('SELECT count(*)::int AS n FROM opportunities WHERE close_date IS NULL'))[0].n).toBe(2);

    await withRunner((r) => m.up(r));

    const wsOf = async (id: number) => (await db(t).findOneByOrFail(Workspace, { id })).constants;
    // labels came later: a workspace of before has none stored and reads the defaults (labels.ts labelsOf)
    const { labels: _labels, ...withoutLabels } = defaultConstants();
    expect(await wsOf(plain.ws.id)).toEqual(withoutLabels);
    const c = await wsOf(custom.ws.id);
    expect(c).toMatchObject({
      stage_roles: { Yeni: 'open', Teklif: 'open', Win: 'won', Lost: 'lost' },
      stage_gates: { Yeni: {}, Teklif: {}, Win: { value_positive: true }, Lost: {} },
      stage_steps: { Yeni: [], Teklif: [], Win: [], Lost: [] },
      stage_fc: { Yeni: 'Pipeline', Teklif: 'Pipeline', Win: 'Closed', Lost: 'Omitted' },
      stage_sla: { Yeni: 5 },
      sales_cycle_days: 30,
      task_closed_statuses: ['Done', 'Cancelled'],
    });
    expect(validateConstants(c)).toEqual([]);
    const dates = await db(t).query('SELECT workspace_id, close_date::text AS d FROM opportunities WHERE name = $1 AND workspace_id IN ($2, $3) ORDER BY workspace_id', ['old', plain.ws.id, custom.ws.id]);
    expect(dates.map((x: { d: string }) => x.d)).toEqual(['2026-04-01', '2026-01-31']);
    // the trigger is back: a NULL written by SQL becomes the default again
    await db(t).query('UPDATE opportunities SET close_date = NULL, start_date = $2 WHERE workspace_id = $1', [plain.ws.id, '2026-02-01']);
    expect(await db(t).query('SELECT close_date::text AS d FROM opportunities WHERE workspace_id = $1', [plain.ws.id])).toEqual([{ d: '2026-05-02' }]);
  });
});
