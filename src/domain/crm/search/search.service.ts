import { Injectable } from '@nestjs/common';
import type { UserContext } from '../../identity/auth-context';
import { MODULES } from '../../workspace/defaults';
import type { Activity } from '../activities/activity.entity';
import { CompaniesService } from '../companies';
import { OpportunitiesService } from '../opportunities';
import type { Order } from '../orders/order.entity';
import { PeopleService } from '../people';
import type { Page } from '../shared/paging';
import type { Task } from '../tasks/task.entity';
import { KeyedRecord, RecordSearch } from './record-search';

/** Items per kind when the caller sends no `limit`, and the most it may ask for. */
export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 20;

type PageOf<S extends { list: (...a: never[]) => Promise<unknown> }> = Awaited<ReturnType<S['list']>>;

/** The first matches of each kind the caller's modules allow; a kind that is off (or not asked for) is null (not queried). */
export interface SearchResult {
  /** The record `q` is the key of (O-1, C-9 ...), when the caller may see it. */
  exact: KeyedRecord | null;
  companies: PageOf<CompaniesService> | null;
  people: PageOf<PeopleService> | null;
  opportunities: PageOf<OpportunitiesService> | null;
  tasks: Page<Task> | null;
  activities: Page<Activity> | null;
  orders: Page<Order> | null;
  /** Names of the companies and opportunities the tasks, activities and orders belong to (visible ones only). */
  parents: { companies: Map<number, string>; opportunities: Map<number, string> };
}

/** What a caller may leave out: the names only (the MCP research tool, whose `fetch` knows those kinds alone). */
export interface SearchOptions {
  namesOnly?: boolean;
}

/**
 * Global search (the web app's search box, the MCP/Ask `search` tool): the first `limit` companies, people
 * and opportunities whose name matches `q`, through each list's own `q` filter, so visibility and archiving
 * rules are the lists'; then tasks and visits by their text and orders by customer PO number, and the record
 * a key names (RecordSearch). Every text match is folded (shared/search.ts). Companies and people need the
 * Customers module, opportunities the Opportunities module, tasks and visits Visits / Activities, orders Orders.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly companies: CompaniesService,
    private readonly people: PeopleService,
    private readonly opportunities: OpportunitiesService,
    private readonly records: RecordSearch,
  ) {}

  async search(auth: UserContext, q: string, limit = SEARCH_DEFAULT_LIMIT, opts: SearchOptions = {}): Promise<SearchResult> {
    const has = (m: string) => auth.modules.includes(m);
    const n = Math.min(Math.max(1, limit), SEARCH_MAX_LIMIT);
    const page = { q, limit: n };
    const more = !opts.namesOnly;
    const exact = more ? await this.records.byKey(auth, q) : null;
    const tasks = more && has(MODULES.activities) ? await this.records.tasks(auth, q, n) : null;
    const activities = more && has(MODULES.activities) ? await this.records.activities(auth, q, n) : null;
    const orders = more && has(MODULES.orders) ? await this.records.orders(auth, q, n) : null;
    const owned = [...(tasks?.items ?? []), ...(activities?.items ?? []), ...(orders?.items ?? [])];
    return {
      exact,
      companies: has(MODULES.customers) ? await this.companies.list(auth, page) : null,
      people: has(MODULES.customers) ? await this.people.list(auth, page) : null,
      opportunities: has(MODULES.opportunities) ? await this.opportunities.list(auth, page) : null,
      tasks,
      activities,
      orders,
      parents: await this.records.parents(
        auth,
        owned.flatMap((r) => (r.customerId ? [r.customerId] : [])),
        owned.flatMap((r) => (r.oppId ? [r.oppId] : [])),
      ),
    };
  }
}
