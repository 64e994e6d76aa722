import * as z from 'zod/v4';
import { MODULES } from '../../../domain/workspace/defaults';
import { id, limit, searchQuery } from '../mcp.args';
import { PersonChangeFields, PersonCreateFields, PersonFilters, personCompact } from '../../../domain/crm/people/person.view';
import { Person } from '../mcp.outputs';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';
import { PeopleService } from '../../../domain/crm/people/people.service';

/**
 * Contact persons (the customers module): search, create and update; each the REST route's service call, so rules,
 * visibility, duplicate checks and events are REST's. An update changes only the arguments given.
 */
export function peopleTools(get: ServiceOf): ToolDef[] {
  const s = { people: get(PeopleService) };
  return [
    defineTool({
      name: 'search_people',
      title: 'Search people',
      description: 'Find contact persons visible to the user by name or e-mail, optionally of one company or owner; archived ones with active: false.',
      write: false,
      output: z.array(Person),
      module: MODULES.customers,
      input: z.strictObject({ query: searchQuery(), ...PersonFilters.omit({ q: true }).shape, limit: limit().optional() }),
      run: async (auth, { query, ...filters }) => {
        const page = await s.people.list(auth, { ...filters, q: query, limit: filters.limit ?? 20 });
        return page.items.map((p) => personCompact(p, page.views.customerNames));
      },
    }),
    defineTool({
      name: 'create_person',
      title: 'Create a person',
      description:
        'A new contact person owned by the user, at a company (customer_id) or without one. A person of the same name at that company, or with the same e-mail address, is refused as `duplicate` naming it; pass force: true only when the user confirms it is another person. An external_id another person already has is refused as `conflict`.',
      write: true,
      destructive: false,
      idempotent: false,
      module: MODULES.customers,
      output: Person,
      input: z.strictObject(PersonCreateFields.shape),
      run: async (auth, a) => {
        const one = await s.people.create(auth, a);
        return personCompact(one.person, one.views.customerNames);
      },
    }),
    defineTool({
      name: 'update_person',
      title: 'Update a person',
      description: "Change fields of a person the user may edit; only the arguments given change. customer_id null takes the person off the company.",
      write: true,
      destructive: true,
      idempotent: true,
      module: MODULES.customers,
      output: Person,
      input: z.strictObject({ id: id('person'), ...PersonChangeFields.shape }),
      run: async (auth, { id: personId, ...change }) => {
        const one = await s.people.update(auth, personId, change);
        return personCompact(one.person, one.views.customerNames);
      },
    }),
  ];
}
peopleTools.place = 40;
