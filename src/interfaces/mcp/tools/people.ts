import * as z from 'zod/v4';
import { MODULES } from '../../../domain/workspace/defaults';
import { externalIdFilter, id, limit, searchQuery } from '../mcp.args';
import { personCompact } from '../../../domain/crm/people/person.view';
import { Person } from '../mcp.outputs';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';
import { PeopleService } from '../../../domain/crm/people/people.service';

/**
 * Contact persons (the customers module).
 */
export function peopleTools(get: ServiceOf): ToolDef[] {
  const s = { people: get(PeopleService) };
  return [
    defineTool({
      name: 'search_people',
      title: 'Search people',
      description: 'Find contact persons visible to the user by name or e-mail, optionally of one company.',
      write: false,
      output: z.array(Person),
      module: MODULES.customers,
      input: z.strictObject({ query: searchQuery(), customer_id: id('company').optional(), external_id: externalIdFilter(), limit: limit().optional() }),
      run: async (auth, a) => {
        const page = await s.people.list(auth, { q: a.query, customerId: a.customer_id, externalId: a.external_id, limit: a.limit ?? 20 });
        return page.items.map((p) => personCompact(p, page.views.customerNames));
      },
    }),
  ];
}
peopleTools.place = 40;
