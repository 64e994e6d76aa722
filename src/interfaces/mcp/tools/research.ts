import * as z from 'zod/v4';
import { SEARCH_MAX_LIMIT, SearchService } from '../../../domain/crm/search';
import { recordPath } from '../../../domain/crm/shared/record-keys';
import { MODULES, type ModuleName } from '../../../domain/workspace/defaults';
import { INT_MAX, name } from '../mcp.args';
import { personCompact } from '../../../domain/crm/people/person.view';
import { companyCompact } from '../../../domain/crm/companies/company.view';
import { opportunityDetailCompact } from '../../../domain/crm/opportunities/opportunity.view';
import { Document, SearchResults } from '../mcp.outputs';
import { defineTool, requireModule, type ToolDef, type ServiceOf } from '../mcp.tool-def';
import { CompaniesService } from '../../../domain/crm/companies/companies.service';
import { PeopleService } from '../../../domain/crm/people/people.service';
import { OpportunitiesService } from '../../../domain/crm/opportunities/opportunities.service';

/** Record kinds the research tools cover, with the module each needs (as GET /api/v1/search). */
const KINDS: Record<string, { module: ModuleName; path: 'company' | 'person' | 'opportunity' }> = {
  company: { module: MODULES.customers, path: 'company' },
  person: { module: MODULES.customers, path: 'person' },
  opportunity: { module: MODULES.opportunities, path: 'opportunity' },
};
const DOC_ID = /^(company|person|opportunity):(\d{1,10})$/;
const DOC_ID_MESSAGE = 'must be an id from search, like company:12, person:3 or opportunity:7';
const docId = z
  .string({ error: (iss) => (iss.input === undefined ? 'required' : DOC_ID_MESSAGE) })
  .refine((v) => {
    const m = DOC_ID.exec(v);
    return !!m && Number(m[2]) >= 1 && Number(m[2]) <= INT_MAX;
  }, DOC_ID_MESSAGE)
  .describe('an id from search: company:12, person:3 or opportunity:7');

const line = (...parts: (string | null | undefined)[]) => parts.filter((p) => p && p.trim()).join(' · ');
/** `label: value` lines of the fields that have a value. */
const lines = (fields: [string, unknown][]) =>
  fields
    .filter(([, v]) => v !== null && v !== undefined && String(v).trim() !== '')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join('\n');

/**
 * `search` and `fetch` in the shape chat clients use for research (ChatGPT's connectors, deep research):
 * search answers `{results: [{id, title, url}]}`, fetch one result as `{id, title, text, url, metadata}`.
 * Search is GET /api/v1/search's service (companies, people, opportunities, the caller's visibility and
 * modules); fetch reads the record through the same service call as get_record.
 */
export function researchTools(get: ServiceOf): ToolDef[] {
  const s = { companies: get(CompaniesService), people: get(PeopleService), opps: get(OpportunitiesService), search: get(SearchService) };
  return [
    defineTool({
      name: 'search',
      title: 'Search the CRM',
      description:
        'Search companies, people and opportunities the user may see by name (people also by e-mail). Answers results with an id to pass to fetch, a title and the record URL in the CRM.',
      write: false,
      bare: true,
      output: SearchResults,
      input: z.strictObject({ query: name(200, 'text to search for in names (people also by e-mail)') }),
      run: async (auth, a, ctx) => {
        const r = await s.search.search(auth, a.query, SEARCH_MAX_LIMIT, { namesOnly: true });
        const url = (kind: 'company' | 'person' | 'opportunity', id: number) => ctx.baseUrl + recordPath(kind, id);
        const results: z.input<typeof SearchResults>['results'] = [];
        for (const c of r.companies?.items ?? []) results.push({ id: `company:${c.id}`, title: c.name, url: url('company', c.id), text: line('Company', c.city, c.sector) });
        const names = r.people?.views.customerNames;
        for (const p of r.people?.items ?? []) results.push({ id: `person:${p.id}`, title: p.name, url: url('person', p.id), text: line('Person', p.title, p.customerId ? names?.get(p.customerId) : '') });
        const labels = auth.workspace.constants.stage_labels;
        for (const v of r.opportunities?.items ?? []) {
          results.push({ id: `opportunity:${v.opp.id}`, title: v.opp.name, url: url('opportunity', v.opp.id), text: line('Opportunity', v.customer?.name, labels[v.opp.stage] ?? v.opp.stage) });
        }
        return { results };
      },
    }),
    defineTool({
      name: 'fetch',
      title: 'Fetch a search result',
      description: 'One company, person or opportunity by an id from search (company:12, person:3, opportunity:7): its fields as text and as metadata, and its URL in the CRM.',
      write: false,
      bare: true,
      output: Document,
      input: z.strictObject({ id: docId }),
      run: async (auth, a, ctx) => {
        const [, kind, digits] = DOC_ID.exec(a.id)!;
        const k = KINDS[kind!]!;
        requireModule(auth, k.module);
        const n = Number(digits);
        const url = ctx.baseUrl + recordPath(k.path, n);
        if (kind === 'company') {
          const c = (await s.companies.get(auth, n)).company;
          const m = companyCompact(c);
          const text = lines([['Company', c.name], ['Status', c.status], ['Sector', c.sector], ['Address', c.address], ['City', c.city], ['Country', c.country], ['Phone', c.phone], ['E-mail', c.email], ['Website', c.website], ['Last visit', c.lastVisit], ['Next visit due', c.nextVisitDue], ['Note', c.note]]);
          return { id: a.id, title: c.name, text, url, metadata: m };
        }
        if (kind === 'person') {
          const one = await s.people.get(auth, n);
          const m = personCompact(one.person, one.views.customerNames);
          const text = lines([['Person', m.name], ['Title', m.title], ['Company', m.customer], ['E-mail', m.email], ['Phone', m.phone], ['Main contact', m.is_main ? 'yes' : null], ['Former', m.is_former ? 'yes' : null]]);
          return { id: a.id, title: m.name, text, url, metadata: m };
        }
        const m = opportunityDetailCompact(await s.opps.get(auth, n));
        const stage = auth.workspace.constants.stage_labels[m.stage] ?? m.stage;
        const text = lines([['Opportunity', m.name], ['Company', m.customer], ['Stage', stage], ['Open', m.is_open ? 'yes' : 'no'], ['Value', `${m.value} ${m.currency}`], ['Close date', m.close_date], ['Next stage', m.next_stage]]);
        const notes = m.notes.map((x) => `- ${x.body}`).join('\n');
        return { id: a.id, title: m.name, text: notes ? `${text}\nNotes:\n${notes}` : text, url, metadata: m };
      },
    }),
  ];
}
researchTools.place = 10;
