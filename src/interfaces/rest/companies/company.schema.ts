import { z } from 'zod';
import { example, f, listOf, named } from '../../../edge/openapi/schema';
import {
  COMPANY_EXAMPLE,
  COMPANY_RECORD_EXAMPLE,
  CompanyRecordSchema,
  CompanySchema,
  CUSTOMER_CARD_EXAMPLE,
  CustomerCardSchema,
} from '../../../domain/crm/companies/company.view';
// register UserSummary, LinkedRecords and OrderRow, which the records refer to
import '../shared/common.schema';
import '../orders/order.schema';
import { PersonRecord } from '../people/person.schema';
import { OpportunitySummary } from '../opportunities/opportunity.schema';
import { Activity } from '../activities/activity.schema';
import { Task } from '../tasks/task.schema';

/** The company's schemas are its read model's (src/domain/crm/companies/company.view.ts), named here for the document. */
export const CustomerCard = named('CustomerCard', CustomerCardSchema, { description: 'Customer card item (spec 4.2).' });
export const customerCardExample = example(CustomerCard, CUSTOMER_CARD_EXAMPLE);

export const CompanyRecord = named('CompanyRecord', CompanyRecordSchema, { description: 'A company as lists return it: the card fields and the remaining columns.' });
export const companyRecordExample = example(CompanyRecord, COMPANY_RECORD_EXAMPLE);

export const Company = named('Company', CompanySchema, {
  description: 'One company with its orders (spec 2.8) and linked custom object records.',
  example: COMPANY_EXAMPLE,
});

export const CompanyResponse = named('CompanyResponse', z.object({ ok: f.ok(), company: Company }));
export const CompanyList = listOf('CompanyList', CompanyRecord, 'A page of companies, newest first.');

/** The first page of a list that GET /companies/{id} carries along (`include`); `next_cursor` continues it on the list's own route. */
const IncludedPage = <T extends z.ZodType>(item: T, list: string) =>
  z.object({ items: z.array(item), next_cursor: f.cursor() }).optional().meta({ description: `only with include; continue with ${list}&cursor=next_cursor` });

/** GET of one company: the company and, with `include`, the first page of its people, open opportunities, activities and open tasks. */
export const CompanyReadResponse = named(
  'CompanyReadResponse',
  z.object({
    ok: f.ok(),
    company: Company,
    people: IncludedPage(PersonRecord, 'GET /api/v1/people?customer_id={id}'),
    opportunities: IncludedPage(OpportunitySummary, 'GET /api/v1/opportunities?customer_id={id}&status=open'),
    activities: IncludedPage(Activity, 'GET /api/v1/activities?customer_id={id}'),
    tasks: IncludedPage(Task, 'GET /api/v1/tasks?customer_id={id}&open=true'),
  }),
  { description: 'One company, with the lists asked for in `include` (a list of a module the caller lacks is left out).' },
);
