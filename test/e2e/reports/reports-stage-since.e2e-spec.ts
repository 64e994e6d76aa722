import { OppHistory } from '../../../src/domain/crm/opportunities/opp-history.entity';
import { reportedState } from '../../../src/domain/crm/opportunities/opp-history';
import { openAt } from '../../../src/domain/crm/reports/history-reads';
import { Opportunity } from '../../../src/domain/crm/opportunities/opportunity.entity';
import { STAGE_SINCE_BACKFILL } from '../../../src/platform/database/migrations/1795492700000-StageSince';
import { insertCompany } from '../../helpers/crm-fixtures';
import { api, createUser, createWorkspace, db, Fixture, startApp, TestApp } from '../../helpers/test-app';

/**
 * `stage_since` on the history rows (the start of the record's last run of the row's stage, read by the stage
 * ageing: docs/decisions/reports.md, "Reading the history fast"): kept by the trigger for every writer — the
 * commands (stage moves, a move back, an edit that keeps the stage, a close, a revive), SQL writers (a reopened
 * record, a row written before later ones) — and backfilled by the migration.
 */
let t: TestApp;
let a: Fixture;
let seller: { user: { id: number }; key: string };
let companyId: number;

beforeAll(async () => {
  t = await startApp();
  a = await createWorkspace(t, 'stagesince');
  // the stage gates are not what is tested: moves here need no fields filled in
  await db(t).query(`UPDATE workspaces SET constants = jsonb_set(constants, '{stage_rules}', 'false') WHERE id = $1`, [a.ws.id]);
  seller = await createUser(t, a, { department: 'North' });
  companyId = (await insertCompany(t, a, seller.user.id)).id;
});
afterAll(() => t.close());

const c = () => a.ws.constants;
const as = () => api(t, a.host, seller.key);
const open = (i: number) => c().open_stages[i];
const won = () => c().stages.find((s) => c().stage_roles[s] === 'won')!;

interface Row {
  id: number;
  stage: string;
  at: string;
  since: string;
}
/** A record's rows in order, times as ISO text (the database's own values, compared as they are). */
const rows = (oppId: number): Promise<Row[]> =>
  db(t).query(
    `SELECT id, stage, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS at, to_char(stage_since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS since
       FROM opp_history WHERE workspace_id = $1 AND opp_id = $2 ORDER BY at, id`,
    [a.ws.id, oppId],
  );

/** A history row written by SQL (a seed or an import) at `at`, the record's state with `stage`. */
async function write(oppId: number, at: string, stage: string): Promise<void> {
  const o = await db(t).findOneByOrFail(Opportunity, { workspaceId: a.ws.id, id: oppId });
  await db(t).insert(OppHistory, { workspaceId: a.ws.id, oppId, at: new Date(at), kind: 'update', userId: null, ...reportedState(a.ws, { ...o, stage }) });
}

describe('stage_since', () => {
  let id: number;

  it('the commands: a move starts a run, a move back starts another, an edit keeps it, a close starts one, a revived record starts its own', async () => {
    id = (await as().post('/api/v1/opportunities', { name: 'Since 1', customer_id: companyId, value: 100, close_date: '2027-06-30' }).expect(201)).body.opp.id as number;
    await as().patch(`/api/v1/opportunities/${id}`, { value: 150 }).expect(200);
    await as().post(`/api/v1/opportunities/${id}/stage`, { stage: open(1) }).expect(200);
    await as().post(`/api/v1/opportunities/${id}/stage`, { stage: open(0) }).expect(200);
    await as().patch(`/api/v1/opportunities/${id}`, { close_date: '2027-07-31' }).expect(200);
    await as().post(`/api/v1/opportunities/${id}/stage`, { stage: won() }).expect(200);
    const r = await rows(id);
    expect(r.map((x) => x.stage)).toEqual([open(0), open(0), open(1), open(0), open(0), won()]);
    expect(r.map((x) => x.since)).toEqual([r[0].at, r[0].at, r[2].at, r[3].at, r[3].at, r[5].at]);

    const lost = (await as().post('/api/v1/opportunities', { name: 'Since 2', customer_id: companyId }).expect(201)).body.opp.id as number;
    await as().post(`/api/v1/opportunities/${lost}/stage`, { stage: c().stages.find((s) => c().stage_roles[s] === 'lost'), close_reason: c().loss_reasons[0] }).expect(200);
    const revived = (await as().post(`/api/v1/opportunities/${lost}/revive`, {}).expect(200)).body.opp.id as number;
    const v = await rows(revived);
    expect(v.map((x) => x.since)).toEqual([v[0].at]);
  });

  it('SQL writers: a reopened record starts a run; a row written before later ones re-dates the run after it', async () => {
    const before = await rows(id);
    const after = (i: number, ms: number) => new Date(Date.parse(`${before[i].at}Z`) + ms).toISOString();
    // reopened: back to an open stage after the win (an import writing what happened)
    await write(id, after(5, 60_000), open(1));
    // backdated, between the move to the second stage and the move back: the record was back in the first stage
    // earlier, so the move back's run (rows 3 and 4) starts at this row
    await write(id, after(2, 1), open(0));
    // backdated, between the two rows of the first run, in another stage: the second row starts a run of its own
    await write(id, after(0, 0), open(2));
    const r = await rows(id);
    expect(r.map((x) => x.stage)).toEqual([open(0), open(2), open(0), open(1), open(0), open(0), open(0), won(), open(1)]);
    expect(r.map((x) => x.since)).toEqual([r[0].at, r[1].at, r[2].at, r[3].at, r[4].at, r[4].at, r[4].at, r[7].at, r[8].at]);
  });

  it('the migration backfills every row as the trigger keeps it', async () => {
    const kept = await db(t).query(`SELECT id, stage_since FROM opp_history WHERE workspace_id = $1 ORDER BY id`, [a.ws.id]);
    expect(kept.length).toBeGreaterThan(8);
    await db(t).query(`UPDATE opp_history SET stage_since = 'epoch' WHERE workspace_id = $1`, [a.ws.id]);
    await db(t).query(STAGE_SINCE_BACKFILL);
    expect(await db(t).query(`SELECT id, stage_since FROM opp_history WHERE workspace_id = $1 ORDER BY id`, [a.ws.id])).toEqual(kept);
  });
});

describe('the open states at a moment (the span levels, migration OpenLevels)', () => {
  it('the levels find the rows whose span covers the moment, at every boundary; a report of a year ago reads through them', async () => {
    const moments: { t: string }[] = await db(t).query(
      `SELECT DISTINCT t::text FROM opp_history h, LATERAL (VALUES (h.at), (h.at + interval '1 ms'), (h.at - interval '1 ms')) v(t) WHERE h.workspace_id = $1`,
      [a.ws.id],
    );
    expect(moments.length).toBeGreaterThan(20);
    for (const { t: m } of moments) {
      const ids = async (sql: string) => (await db(t).query(`SELECT id FROM (${sql}) z ORDER BY id`, [a.ws.id, m])).map((r: { id: number }) => r.id);
      const plain = `SELECT h.id FROM opp_history h WHERE h.workspace_id = $1 AND h.role = 'open' AND h.valid_to >= $2::timestamptz AND h.at < $2::timestamptz`;
      expect([m, await ids(openAt('$2::timestamptz', '', 'h.id'))]).toEqual([m, await ids(plain)]);
    }
    const year = Number((await as().get('/api/v1/reports/win-rate').expect(200)).body.to.slice(0, 4)) - 1;
    for (const path of [`pipeline-movement?from=${year}-01-01&to=${year}-03-31`, `forecast?from=${year}-01-01&to=${year}-03-31&as_of=${year}-03-31`, `win-rate?from=${year}-01-01&to=${year}-03-31`]) {
      await as().get(`/api/v1/reports/${path}`).expect(200);
    }
  });
});
