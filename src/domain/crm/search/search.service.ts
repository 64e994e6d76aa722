import { Injectable } from '@nestjs/common';
import type { UserContext } from '../../identity/auth-context';
import { MODULES } from '../../workspace/defaults';
import { CompaniesService } from '../companies';
import { OpportunitiesService } from '../opportunities';
import { PeopleService } from '../people';

/** Items per kind when the caller sends no `limit`, and the most it may ask for. */
export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 20;

type PageOf<S extends { list: (...a: never[]) => Promise<unknown> }> = Awaited<ReturnType<S['list']>>;

/** The first matches of each kind the caller's modules allow; a kind that is off is null (not queried). */
export interface SearchResult {
  companies: PageOf<CompaniesService> | null;
  people: PageOf<PeopleService> | null;
  opportunities: PageOf<OpportunitiesService> | null;
}

/**
 * Global search (the web app's search box): the first `limit` companies, people and opportunities whose
 * name matches `q`, through each list's own `q` filter, so visibility and archiving rules are the lists'.
 * Companies and people need the Customers module, opportunities the Opportunities module.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly companies: CompaniesService,
    private readonly people: PeopleService,
    private readonly opportunities: OpportunitiesService,
  ) {}

  async search(auth: UserContext, q: string, limit = SEARCH_DEFAULT_LIMIT): Promise<SearchResult> {
    const customers = auth.modules.includes(MODULES.customers);
    const opps = auth.modules.includes(MODULES.opportunities);
    const page = { q, limit: Math.min(Math.max(1, limit), SEARCH_MAX_LIMIT) };
    return {
      companies: customers ? await this.companies.list(auth, page) : null,
      people: customers ? await this.people.list(auth, page) : null,
      opportunities: opps ? await this.opportunities.list(auth, page) : null,
    };
  }
}
