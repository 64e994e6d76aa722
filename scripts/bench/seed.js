'use strict';
/**
 * The scale seed shared by `npm run bench` and test/e2e/opportunities/scale.e2e-spec.ts (plain SQL with
 * generate_series, so a million rows take seconds). What it models (docs/performance.md):
 *
 * - one workspace, one owner (a sales user) with 8 companies, and `n` opportunities of that owner
 *   spread over the 8 companies: a long history of closed deals and a bounded open pipeline. After each
 *   seeding step only the newest `openKeep` opportunities stay open (default 2,000), the rest are closed
 *   (Win / Lost / Cancel: the workspace's stages that are not open). At 10k that is 20 % open, at 1M 0.2 %.
 * - opportunity names look like "Stretch film PO-123456" (8 product words), so `q` can be selective
 *   (a PO number) or not (a product word).
 * - `seedDirectory`: companies, people, tasks and calendar entries of other owners, for the searches,
 *   the calendar range and the task lists.
 *
 * `query(sql, params)` is any function running one statement (pg Pool, TypeORM manager).
 */

const PRODUCTS = ['Stretch film', 'Pallet wrap', 'Bubble roll', 'Carton boxes', 'Shrink hood', 'Strapping', 'Corner boards', 'Void fill'];

/** Opportunities with ids (series numbers) from..to of one owner over the given companies. */
async function seedOpportunities(query, { workspaceId, ownerId, companyIds, closedStages, from, to, currency = 'EUR' }) {
  await query(
    `INSERT INTO opportunities (workspace_id, name, customer_id, owner_id, stage, is_open, currency, value, potential_kg,
                                start_date, close_date, closed_at, stage_changed_at, last_activity_at, created_at, updated_at)
     SELECT $1, ($5::text[])[1 + g % 8] || ' PO-' || g, ($3::int[])[1 + g % cardinality($3::int[])], $2,
            ($4::text[])[1 + g % cardinality($4::text[])], false, $6, (g % 1000) * 10, (g % 50) * 100,
            DATE '2020-01-01' + (g / 1000), DATE '2020-03-01' + (g / 1000), ts, ts, ts, ts, ts
     FROM generate_series($7::int, $8::int) AS g,
          LATERAL (SELECT TIMESTAMPTZ '2020-01-01 00:00:00+00' + g * interval '2 minutes' AS ts) AS t`,
    [workspaceId, ownerId, companyIds, closedStages, PRODUCTS, currency, from, to],
  );
}

/** Opens the newest `openKeep` opportunities of the owner (open stages) and closes all others. */
async function keepNewestOpen(query, { workspaceId, ownerId, openStages, closedStages, openKeep = 2000 }) {
  const [{ top }] = await query('SELECT max(id) AS top FROM opportunities WHERE workspace_id = $1 AND owner_id = $2', [workspaceId, ownerId]);
  const cut = Number(top) - openKeep;
  await query(
    `UPDATE opportunities SET is_open = false, stage = ($4::text[])[1 + id % cardinality($4::text[])], closed_at = updated_at
     WHERE workspace_id = $1 AND owner_id = $2 AND is_open AND id <= $3`,
    [workspaceId, ownerId, cut, closedStages],
  );
  await query(
    `UPDATE opportunities SET is_open = true, closed_at = NULL, stage = ($4::text[])[1 + id % cardinality($4::text[])]
     WHERE workspace_id = $1 AND owner_id = $2 AND NOT is_open AND id > $3`,
    [workspaceId, ownerId, cut, openStages],
  );
}

/** `n` companies named "<word> Trading <g>" with the given owners (round robin); returns nothing. */
async function seedCompanies(query, { workspaceId, ownerIds, n, status, tableBytes = 0 }) {
  await query(
    `INSERT INTO companies (workspace_id, name, name_norm, status, owner_id, city, note)
     SELECT $1, w || ' Trading ' || g, lower(w || ' trading ' || g), $4, ($2::int[])[1 + g % cardinality($2::int[])], 'Izmir', ${PAD('$6', '$3')}
     FROM generate_series(1, $3::int) AS g, LATERAL (SELECT ($5::text[])[1 + g % 8] AS w) AS x`,
    [workspaceId, ownerIds, n, status, PRODUCTS.map((p) => p.split(' ')[0]), tableBytes],
  );
}

/**
 * A note of `x` as long as needed for `n` rows to fill about `bytes` (SQL; `bytes` and `n` are parameters):
 * `tableBytes` of the seed functions (default 0: empty notes). The scale test pads the tables so that a
 * scan of any of them reads more pages than a page of a list may (a row of about 150 bytes without it).
 */
const PAD = (bytes, n) => `repeat('x', GREATEST(0, ${bytes}::int / ${n}::int - 150))`;

/** Companies, people, tasks and calendar entries of other owners (sizes in `n`; `tableBytes`: see PAD). */
async function seedDirectory(query, { workspaceId, ownerIds, n, companyStatus, taskStatuses, taskPriority, tableBytes = 0 }) {
  await seedCompanies(query, { workspaceId, ownerIds, n: n.companies, status: companyStatus, tableBytes });
  await query(
    `INSERT INTO people (workspace_id, name, name_norm, email, owner_id, customer_id, note)
     SELECT $1, 'Person ' || g || ' Surname' || (g % 997), lower('person ' || g || ' surname' || (g % 997)),
            'person' || g || '@mail' || (g % 50) || '.example', ($2::int[])[1 + g % cardinality($2::int[])], NULL, ${PAD('$4', '$3')}
     FROM generate_series(1, $3::int) AS g`,
    [workspaceId, ownerIds, n.people, tableBytes],
  );
  await query(
    `INSERT INTO tasks (workspace_id, title, priority, status, assignee_id, owner_id, due_date, description)
     SELECT $1, 'Task ' || g, $4, ($5::text[])[1 + g % cardinality($5::text[])],
            ($2::int[])[1 + g % cardinality($2::int[])], ($2::int[])[1 + (g / 7) % cardinality($2::int[])], DATE '2024-01-01' + (g % 900), ${PAD('$6', '$3')}
     FROM generate_series(1, $3::int) AS g`,
    [workspaceId, ownerIds, n.tasks, taskPriority, taskStatuses, tableBytes],
  );
  // one entry per 30 minutes (1h long) going back from 2026-12-31: n.calendar entries of history
  await query(
    `INSERT INTO calendar_entries (workspace_id, title, start_at, end_at, owner_id, attendee_ids)
     SELECT $1, 'Meeting ' || g, s, s + interval '1 hour', o, ARRAY[o]
     FROM generate_series(1, $3::int) AS g,
          LATERAL (SELECT TIMESTAMPTZ '2026-12-31 00:00:00+00' - g * interval '30 minutes' AS s,
                          ($2::int[])[1 + g % cardinality($2::int[])] AS o) AS x`,
    [workspaceId, ownerIds, n.calendar],
  );
}

/**
 * `n` activities, leads, orders, tickets and fairs of other owners over the given companies (for their
 * lists); values from the workspace's constants; `tableBytes`: see PAD.
 */
async function seedRecords(query, { workspaceId, ownerIds, customerIds, n, activityType, leadStatus, order, ticket, tableBytes = 0 }) {
  // $1 workspace, $2 owners, $3 n, $4 table bytes, then each statement's own values
  const base = [workspaceId, ownerIds, n, tableBytes];
  const rows = 'FROM generate_series(1, $3::int) AS g';
  const owner = '($2::int[])[1 + g % cardinality($2::int[])]';
  const customer = '($5::int[])[1 + g % cardinality($5::int[])]';
  const pad = PAD('$4', '$3');
  await query(
    `INSERT INTO activities (workspace_id, type, date, customer_id, owner_id, note) SELECT $1, $6, DATE '2024-01-01' + (g % 900), ${customer}, ${owner}, ${pad} ${rows}`,
    [...base, customerIds, activityType],
  );
  await query(`INSERT INTO leads (workspace_id, company, status, owner_id, note) SELECT $1, 'Lead company ' || g, $5, ${owner}, ${pad} ${rows}`, [...base, leadStatus]);
  await query(
    `INSERT INTO orders (workspace_id, customer_id, date, kg, price, amount, currency, unit, kind, status, owner_id, note)
     SELECT $1, ${customer}, DATE '2024-01-01' + (g % 900), 100, 2, 200, $6, $7, $8, $9, ${owner}, ${pad} ${rows}`,
    [...base, customerIds, order.currency, order.unit, order.kind, order.status],
  );
  await query(
    `INSERT INTO tickets (workspace_id, subject, priority, status, who, owner_id, due_at, body)
     SELECT $1, 'Ticket ' || g, $5, $6, 'Customer ' || g, ${owner}, TIMESTAMPTZ '2024-01-01 00:00:00+00' + g * interval '1 hour', ${pad} ${rows}`,
    [...base, ticket.priority, ticket.status],
  );
  await query(`INSERT INTO fairs (workspace_id, name, owner_id, note) SELECT $1, 'Fair ' || g, ${owner}, ${pad} ${rows}`, base);
}

module.exports = { PRODUCTS, seedOpportunities, keepNewestOpen, seedCompanies, seedDirectory, seedRecords };
