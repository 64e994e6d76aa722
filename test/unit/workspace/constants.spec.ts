import { isAtRisk, visitFacts } from '../../../src/domain/crm/companies/companies.rules';
import { assertValidConstants, mergeConstants, validateConstants } from '../../../src/domain/workspace/constants';
import { defaultConstants } from '../../../src/domain/workspace/defaults';
import { withBlockDefaults, type WorkspaceConstants } from '../../../src/domain/workspace/workspace.entity';
import { turkishConstants } from '../../helpers/renamed-constants';

const d = defaultConstants();
/** The errors of the defaults with `patch` merged over them. */
const errorsOf = (patch: Record<string, unknown>, base: WorkspaceConstants = d) => validateConstants(mergeConstants(base, patch));
const tr = turkishConstants();

describe('validateConstants', () => {
  it('accepts the defaults and a fully renamed (Turkish) installation', () => {
    expect(validateConstants(d)).toEqual([]);
    expect(validateConstants(tr)).toEqual([]);
  });

  it('names a stage map key that is not a stage', () => {
    expect(errorsOf({ stage_roles: { ...d.stage_roles, Kazanç: 'won' } })).toEqual(expect.arrayContaining(['stage_roles.Kazanç: not one of the stages']));
    expect(errorsOf({ stage_sla: { Heaven: 3 } })).toEqual(['stage_sla.Heaven: not one of the stages']);
    // renaming stages without renaming the maps leaves every old key behind
    const renamedOnly = errorsOf({ stages: tr.stages, open_stages: tr.open_stages });
    expect(renamedOnly).toEqual(expect.arrayContaining(['stage_roles.Qualify: not one of the stages', 'stage_roles.Nitelendirme: every stage needs a role', 'stage_gates.Viable: not one of the stages']));
  });

  it('needs a role for every stage, exactly one won stage, and open_stages = the open ones', () => {
    const { Cancel: _c, ...noCancel } = d.stage_roles;
    expect(errorsOf({ stage_roles: noCancel })).toEqual(['stage_roles.Cancel: every stage needs a role']);
    expect(errorsOf({ stage_roles: { ...d.stage_roles, Lost: 'won' } })).toEqual(['stage_roles: exactly one stage must have the role won (found 2: Win, Lost)']);
    expect(errorsOf({ stage_roles: { ...d.stage_roles, Win: 'lost' } })).toEqual(['stage_roles: exactly one stage must have the role won (found 0)']);
    expect(errorsOf({ stage_roles: { ...d.stage_roles, Win: 'closed' } })[0]).toBe('stage_roles.Win: must be one of open, won, lost, cancelled');
    expect(errorsOf({ open_stages: ['Qualify', 'Viable', 'Negotiation', 'Expect to Close'] })).toEqual(['open_stages: Present Solution has the role open but is not listed']);
    expect(errorsOf({ open_stages: [...d.open_stages, 'Win'] })).toEqual(['open_stages: Win does not have the role open']);
    expect(errorsOf({ open_stages: [...d.open_stages, 'Nowhere'] })).toEqual(['open_stages: Nowhere is not one of the stages']);
    expect(errorsOf({ open_stages: [] })).toEqual(expect.arrayContaining(['open_stages: must not be empty']));
  });

  it("checks the orders' and tickets' blocks (their features' files) like the common keys", () => {
    expect(d).toMatchObject({ order_new_status: 'new', order_sent_status: 'sent', ticket_new_status: 'Open', ticket_closed_statuses: ['Resolved', 'Closed'] });
    expect(errorsOf({ ticket_new_status: 'Closed' })).toEqual(['ticket_new_status: must not be one of ticket_closed_statuses']);
    expect(errorsOf({ ticket_new_status: 'Lost' })).toEqual(['ticket_new_status: not one of ticket_statuses']);
    expect(errorsOf({ ticket_closed_statuses: ['Closed', 'Gone'] })).toEqual(['ticket_closed_statuses: Gone is not one of ticket_statuses']);
    expect(errorsOf({ ticket_statuses: [] })).toEqual(expect.arrayContaining(['ticket_statuses: must not be empty']));
    expect(errorsOf({ order_statuses: ['new', 'sent', 'open', 'shipped', 'invoiced', 'closed', 'x'.repeat(41)] })).toEqual(['order_statuses[6]: at most 40 characters']);
    expect(errorsOf({ order_erp_statuses: ['sent', 'sent'] })).toEqual(['order_erp_statuses[1]: "sent" appears twice']);
    expect(errorsOf({ order_sent_status: 'new' })).toEqual(['order_sent_status: not one of order_erp_statuses']);
    expect(errorsOf({ order_new_status: 7 })).toEqual(['order_new_status: must be a string']);
    const { ticket_new_status: _t, ...noNewStatus } = d;
    expect(validateConstants(noNewStatus)).toEqual(['ticket_new_status: is missing']);
  });

  it('knows the gate rule vocabulary and its value types', () => {
    expect(errorsOf({ stage_gates: { ...d.stage_gates, Viable: { bant_min: 2, budget_ok: true } } })).toEqual([
      'stage_gates.Viable.budget_ok: unknown gate rule; known: bant_min, budget, authority, need, timing, product, offer_price, payment_days, close_date, close_date_future, value_positive',
    ]);
    expect(errorsOf({ stage_gates: { Viable: { bant_min: 5 } } })).toEqual(['stage_gates.Viable.bant_min: must be a whole number from 0 to 4']);
    expect(errorsOf({ stage_gates: { Viable: { bant_min: -1 } } })).toEqual(['stage_gates.Viable.bant_min: must be a whole number from 0 to 4']);
    expect(errorsOf({ stage_gates: { Viable: { product: 'yes' } } })).toEqual(['stage_gates.Viable.product: must be true or false']);
    expect(errorsOf({ stage_gates: { Viable: [] } })).toEqual(['stage_gates.Viable: must be an object of gate rules']);
  });

  it('checks checklist steps', () => {
    expect(errorsOf({ stage_steps: { Qualify: [{ title: 'x', bant: 'z' }] } })).toEqual(['stage_steps.Qualify[0].bant: must be one of b, a, n, t']);
    expect(errorsOf({ stage_steps: { Qualify: [{ title: '', owner: 1 }] } })).toEqual([
      'stage_steps.Qualify[0].owner: unknown step field; known: title, bant',
      'stage_steps.Qualify[0].title: must be a non-empty string of at most 200 characters',
    ]);
    expect(errorsOf({ stage_steps: { Qualify: 'call' } })).toEqual(['stage_steps.Qualify: must be a list of steps {title, bant?}']);
  });

  it('wants numbers that are not negative and probabilities from 0 to 1', () => {
    expect(errorsOf({ stage_sla: { ...d.stage_sla, Viable: -1 } })).toEqual(['stage_sla.Viable: must be a whole number of days, 0 or more']);
    expect(errorsOf({ stage_prob: { ...d.stage_prob, Viable: 1.5 } })).toEqual(['stage_prob.Viable: must be a number from 0 to 1']);
    expect(errorsOf({ sales_cycle_days: -90 })).toEqual(['sales_cycle_days: must be a whole number, 0 or more']);
    expect(errorsOf({ action_soon_days: 2.5 })).toEqual(['action_soon_days: must be a whole number, 0 or more']);
    expect(errorsOf({ visit_period: { ...d.visit_period, Active: -3 } })).toEqual(['visit_period.Active: must be a whole number of days, 0 or more']);
  });

  it('wants lists of distinct strings, known keys and the right types', () => {
    expect(errorsOf({ task_statuses: ['Open', 1] })).toEqual(expect.arrayContaining(['task_statuses[1]: must be a non-empty string']));
    expect(errorsOf({ loss_reasons: 'Price' })).toEqual(['loss_reasons: must be a list of strings']);
    expect(errorsOf({ barriers: ['Price', 'Price'] })).toEqual(['barriers[1]: "Price" appears twice']);
    expect(errorsOf({ colour: 'red' })).toEqual(['colour: unknown constant']);
    expect(errorsOf({ stage_rules: 'yes' })).toEqual(['stage_rules: must be true or false']);
    const long = 'x'.repeat(41);
    expect(errorsOf({ stages: [...d.stages, long] })).toEqual(expect.arrayContaining([`stages[8]: at most 40 characters`]));
    const { stage_roles: _r, ...missing } = d;
    expect(validateConstants(missing)).toEqual(['stage_roles: is missing']);
    expect(validateConstants([])).toEqual(['constants: must be a JSON object']);
  });

  it('keeps task and company statuses consistent with their lists', () => {
    expect(errorsOf({ task_done_status: 'Open' })).toEqual(['task_done_status: not one of task_closed_statuses']);
    expect(errorsOf({ task_closed_statuses: ['Done', 'Archived'] })).toEqual(['task_closed_statuses: Archived is not one of task_statuses']);
    expect(errorsOf({ task_closed_statuses: [] })).toEqual(['task_closed_statuses: must not be empty', 'task_done_status: not one of task_closed_statuses']);
    expect(errorsOf({ customer_at_risk_statuses: ['Pasif'] })).toEqual(['customer_at_risk_statuses: Pasif is not one of customer_statuses']);
    expect(errorsOf({ customer_account_statuses: ['Gold'] })).toEqual(['customer_account_statuses: Gold is not one of customer_statuses']);
    expect(errorsOf({ stage_fc: { ...d.stage_fc, Win: 'Won' } })).toEqual(['stage_fc.Win: not one of forecast_cats']);
    const { Win: _w, ...noWinFc } = d.stage_fc;
    expect(errorsOf({ stage_fc: noWinFc })).toEqual(['stage_fc.Win: every stage needs a forecast category']);
    expect(errorsOf({ visit_period: { Gold: 10 } })).toEqual(['visit_period.Gold: not one of customer_statuses']);
  });
});

describe("a block's keys a workspace lacks", () => {
  it('reads them as the block\'s defaults and keeps every key the workspace has, its own values too', () => {
    const { ticket_statuses: _s, ticket_new_status: _n, ticket_closed_statuses: _c, ...older } = { ...tr, stages: ['Lead', 'Won'] };
    const read = withBlockDefaults(older as WorkspaceConstants);
    expect([read.ticket_statuses, read.ticket_new_status, read.ticket_closed_statuses]).toEqual([d.ticket_statuses, d.ticket_new_status, d.ticket_closed_statuses]);
    expect(read.stages).toEqual(['Lead', 'Won']);
    expect(withBlockDefaults(tr).ticket_statuses).toEqual(tr.ticket_statuses);
    expect(validateConstants(withBlockDefaults({ ...older, stages: tr.stages } as WorkspaceConstants))).toEqual([]);
  });
});

describe('mergeConstants and assertValidConstants', () => {
  it('replaces each given top-level key as a whole and keeps the others', () => {
    const merged = mergeConstants(d, { stage_sla: { Qualify: 7 }, sales_cycle_days: 30 });
    expect(merged.stage_sla).toEqual({ Qualify: 7 });
    expect(merged.sales_cycle_days).toBe(30);
    expect(merged.stage_roles).toEqual(d.stage_roles);
    expect(validateConstants(merged)).toEqual([]);
  });

  it('throws 400 invalid naming the first bad key, with at most 10 problems and the count', () => {
    expect(() => assertValidConstants(d)).not.toThrow();
    let err: { code: string; status: number; message: string; extra: Record<string, unknown> } | undefined;
    try {
      assertValidConstants(mergeConstants(d, { stage_roles: { ...d.stage_roles, Kazanç: 'won' } }));
    } catch (e) {
      err = e as typeof err;
    }
    expect(err).toMatchObject({ code: 'invalid', status: 400, extra: { field: 'stage_roles.Kazanç' } });
    expect(err!.message).toContain('stage_roles.Kazanç: not one of the stages');
    const many = Object.fromEntries(Array.from({ length: 15 }, (_, i) => [`bogus${i}`, 1]));
    try {
      assertValidConstants(mergeConstants(d, many));
    } catch (e) {
      err = e as typeof err;
    }
    expect(err!.message).toMatch(/^constants: 15 problems: bogus0: unknown constant;.*\(and 5 more\)$/);
    expect(err!.extra.problems).toHaveLength(10);
  });
});

describe('company statuses from the constants', () => {
  const today = '2025-06-15';
  it('counts the installation at-risk statuses, whatever their names', () => {
    expect(isAtRisk('Pasif', null, today, 60, tr.customer_at_risk_statuses)).toBe(true);
    expect(isAtRisk('Passive', null, today, 60, tr.customer_at_risk_statuses)).toBe(false);
    expect(isAtRisk('Aktif', '2025-05-15', today, 30, tr.customer_at_risk_statuses)).toBe(true);
    expect(visitFacts({ status: 'Pasif', lastVisit: null, nextVisitDue: null }, today, tr).atRisk).toBe(true);
    expect(visitFacts({ status: 'Aktif', lastVisit: null, nextVisitDue: null }, today, tr)).toMatchObject({ atRisk: false, period: 21 });
  });
});
