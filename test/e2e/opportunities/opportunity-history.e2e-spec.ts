import { OppHistory } from '../../../src/domain/crm/opportunities/opp-history.entity';
import { reportedState } from '../../../src/domain/crm/opportunities/opp-history';
import { OppLog } from '../../../src/domain/crm/opportunities/opp-log.entity';
import { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import { HISTORY_BACKFILL } from '../../../src/platform/database/migrations/1795489000000-OpportunityHistory';
import { insertCompany } from '../../helpers/crm-fixtures';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * The reported fields' history: every change of stage, value, close date, owner and forecast category is a row
 * written with the change (by the domain commands, so every interface records it), and nothing else is.
 */
let t: TestApp;
let a: Fixture;
let seller: { user: { id: number }; key: string };
let peer: { user: { id: number }; key: string };
let companyId: number;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'opphistory');
  seller = await createUser(t, a, { department: 'North' });
  peer = await createUser(t, a, { department: 'North' });
  companyId = (await insertCompany(t, a, seller.user.id)).id;
});
afterAll(() => t.close());

const c = () => a.ws.constants;
const as = () => api(t, a.host, seller.key);
const history = (oppId: number) => db(t).getRepository(OppHistory).find({ where: { workspaceId: a.ws.id, oppId }, order: { id: 'ASC' } });

describe('opp_history', () => {
  it('records create, reported edits, stage moves and revive; not other edits', async () => {
    const id = (await as().post('/api/v1/opportunities', { name: 'History 1', customer_id: companyId, value: 1000, close_date: '2026-12-15' }).expect(201)).body.opp.id as number;
    await as().patch(`/api/v1/opportunities/${id}`, { note: 'only a note', next_step: 'Call' }).expect(200);
    await as().patch(`/api/v1/opportunities/${id}`, { value: 1500.25 }).expect(200);
    await as().patch(`/api/v1/opportunities/${id}`, { close_date: '2027-01-20' }).expect(200);
    await as().patch(`/api/v1/opportunities/${id}`, { fc: c().forecast_cats[2] }).expect(200);
    const lost = c().stages.find((s) => c().stage_roles[s] === 'lost')!;
    await as().post(`/api/v1/opportunities/${id}/stage`, { stage: lost, close_reason: c().loss_reasons[0] }).expect(200);
    const revived = (await as().post(`/api/v1/opportunities/${id}/revive`, {}).expect(200)).body.opp.id as number;
    await api(t, a.host, a.adminKey).patch(`/api/v1/opportunities/${revived}`, { owner_id: peer.user.id }).expect(200);

    const rows = await history(id);
    expect(rows.map((r) => [r.kind, r.stage, r.role, r.value, r.closeDate, r.fc, r.ownerId])).toEqual([
      ['created', c().open_stages[0], 'open', 1000, '2026-12-15', c().stage_fc[c().open_stages[0]], seller.user.id],
      ['update', c().open_stages[0], 'open', 1500.25, '2026-12-15', c().stage_fc[c().open_stages[0]], seller.user.id],
      ['update', c().open_stages[0], 'open', 1500.25, '2027-01-20', c().stage_fc[c().open_stages[0]], seller.user.id],
      ['update', c().open_stages[0], 'open', 1500.25, '2027-01-20', c().forecast_cats[2], seller.user.id],
      ['stage', lost, 'lost', 1500.25, '2027-01-20', c().forecast_cats[2], seller.user.id],
    ]);
    expect(rows.every((r) => r.userId === seller.user.id && r.valueBase === r.value)).toBe(true);
    expect(rows.map((r) => r.at.getTime())).toEqual([...rows.map((r) => r.at.getTime())].sort((x, y) => x - y));
    expect((await history(revived)).map((r) => [r.kind, r.stage, r.ownerId])).toEqual([
      ['revived', c().open_stages[0], seller.user.id],
      ['update', c().open_stages[0], peer.user.id],
    ]);
  });

  it('a refused change writes no row (same transaction)', async () => {
    const id = (await as().post('/api/v1/opportunities', { name: 'History 2', customer_id: companyId }).expect(201)).body.opp.id as number;
    const lost = c().stages.find((s) => c().stage_roles[s] === 'lost')!;
    await as().post(`/api/v1/opportunities/${id}/stage`, { stage: lost }).expect(400);
    await as().patch(`/api/v1/opportunities/${id}`, { value: 5, fc: 'No such category' }).expect(400);
    expect((await history(id)).map((r) => r.kind)).toEqual(['created']);
  });

  it('the migration backfills every existing record: a row per stage log entry, and its current state', async () => {
    await db(t).query(`UPDATE workspaces SET currency_rates = '{"USD": 0.5}' WHERE id = $1`, [a.ws.id]);
    const usd = (await as().post('/api/v1/opportunities', { name: 'History USD', customer_id: companyId, value: 101.01, currency: 'USD', fc: c().forecast_cats[1] }).expect(201)).body.opp.id as number;
    await as().post(`/api/v1/opportunities/${usd}/stage`, { stage: c().stages.find((x) => c().stage_roles[x] === 'lost'), close_reason: c().loss_reasons[0] }).expect(200);
    // a record without any log (made before logs, or by hand)
    const bare = await db(t).save(
      db(t).create(Opportunity, { workspaceId: a.ws.id, name: 'No log', customerId: companyId, ownerId: peer.user.id, stage: c().open_stages[2], value: 7, currency: a.ws.app.currency_base, closeDate: '2027-03-01', startDate: '2026-01-01' }),
    );
    await db(t).query('DELETE FROM opp_history');
    for (const statement of HISTORY_BACKFILL) await db(t).query(statement);

    const ws = { ...a.ws, currencyRates: { USD: 0.5 } };
    const opps = await db(t).find(Opportunity, { where: { workspaceId: a.ws.id }, order: { id: 'ASC' } });
    expect(opps.length).toBeGreaterThan(3);
    for (const o of opps) {
      const logs = await db(t).find(OppLog, { where: { workspaceId: a.ws.id, oppId: o.id }, order: { id: 'ASC' } });
      const rows = await history(o.id);
      const extra = logs.at(-1)?.toStage === o.stage ? [] : [o.stage];
      expect([o.name, rows.map((r) => r.stage)]).toEqual([o.name, [...logs.map((l) => l.toStage), ...extra]]);
      expect(rows.every((r) => r.kind === 'backfill')).toBe(true);
      const { stage, role, value, currency, valueBase, closeDate, ownerId, fc, prob } = rows.at(-1)!;
      expect([o.name, { stage, role, value, currency, valueBase, closeDate, ownerId, fc, prob }]).toEqual([o.name, reportedState(ws, o)]);
    }
    expect((await history(usd)).at(-1)).toMatchObject({ value: 101.01, valueBase: 50.51, currency: 'USD', fc: c().forecast_cats[1] });
    expect((await history(bare.id)).map((r) => [r.stage, r.userId])).toEqual([[c().open_stages[2], null]]);
  });
});

