import type { TenantDb } from '../../platform/database/tenant-db';
import { Company } from '../crm/companies/company.entity';
import { ObjectLink } from '../crm/objects/object-link.entity';
import { ObjectRecord } from '../crm/objects/object-record.entity';
import type { FieldDef, RelationDef } from '../crm/objects/objects.rules';
import { ObjectType } from '../crm/objects/object-type.entity';
import { Opportunity } from '../crm/opportunities/opportunity.entity';
import { Person } from '../crm/people/person.entity';
import { Workspace } from '../workspace/workspace.entity';

const FIELDS: FieldDef[] = [
  { key: 'line_type', label: 'Line type', type: 'select', options: ['Blown film', 'Cast film', 'Injection', 'Extrusion'], required: true, display: true },
  { key: 'materials', label: 'Materials', type: 'multiselect', options: ['LDPE', 'LLDPE', 'PP', 'PET', 'HDPE'], required: false, display: false },
  { key: 'capacity_t', label: 'Capacity (t/month)', type: 'number', options: [], required: false, display: true },
  { key: 'installed', label: 'Installed', type: 'date', options: [], required: false, display: false },
  { key: 'trial_done', label: 'Trial done', type: 'checkbox', options: [], required: false, display: false },
  { key: 'contact_user', label: 'Our technician', type: 'person', options: [], required: false, display: false },
  { key: 'annual_spend', label: 'Annual resin spend', type: 'money', options: [], required: false, display: false },
];

const RELATIONS: RelationDef[] = [
  { key: 'customer', label: 'Customer', kind: 'company', object: '', many: false },
  { key: 'contacts', label: 'Line contacts', kind: 'person', object: '', many: true },
  { key: 'deals', label: 'Opportunities', kind: 'opportunity', object: '', many: true },
];

const LINES = [
  { name: 'Blown film line 1', type: 'Blown film', materials: ['LDPE', 'LLDPE'], capacity: 180, installed: '2018-04-01', trial: true, spend: 420000 },
  { name: 'Cast film line', type: 'Cast film', materials: ['PP'], capacity: 95, installed: '2021-09-15', trial: false, spend: 210000 },
  { name: 'Bottle preform injection', type: 'Injection', materials: ['PET'], capacity: 240, installed: '2016-02-20', trial: true, spend: 610000 },
  { name: 'Pipe extrusion line', type: 'Extrusion', materials: ['HDPE'], capacity: 130, installed: '2019-11-05', trial: false, spend: 300000 },
];

/**
 * Demo data of custom objects: one object type ("Production lines") with typed fields and relations to
 * companies, people and opportunities, and a record per line linked to the sample companies. Sample
 * data (no events); adds nothing when the object exists already.
 */
export async function seedObjects(m: TenantDb, ws: Workspace): Promise<{ objects: number; object_records: number }> {
  if (await m.exists(ObjectType, { key: 'production_lines' })) return { objects: 0, object_records: 0 };
  const type = await m.save(ObjectType, m.create(ObjectType, { workspaceId: ws.id, key: 'production_lines', label: 'Production lines', fields: FIELDS, relations: RELATIONS }));
  const companies = await m.find(Company, { where: { isSample: true }, order: { id: 'ASC' }, take: LINES.length });
  let records = 0;
  for (const [i, line] of LINES.entries()) {
    const company = companies[i];
    const record = await m.save(
      ObjectRecord,
      m.create(ObjectRecord, {
        workspaceId: ws.id,
        typeId: type.id,
        name: company ? `${line.name} — ${company.name.split(' ')[0]}` : line.name,
        ownerId: company?.ownerId ?? null,
        active: true,
        data: {
          line_type: line.type,
          materials: line.materials,
          capacity_t: line.capacity,
          installed: line.installed,
          trial_done: line.trial,
          ...(company ? { contact_user: company.ownerId } : {}),
          annual_spend: { amount: line.spend, currency: ws.app.currency_base },
        },
        isSample: true,
        createdBy: company?.ownerId ?? null,
      }),
    );
    records++;
    if (!company) continue;
    const people = await m.find(Person, { where: { customerId: company.id }, order: { id: 'ASC' }, take: 2 });
    const opps = await m.find(Opportunity, { where: { customerId: company.id }, order: { id: 'ASC' }, take: 2 });
    const link = (relationKey: string, targetKind: string, targetId: number) => ({ workspaceId: ws.id, sourceTypeId: type.id, sourceId: record.id, relationKey, targetKind, targetId });
    await m.insert(ObjectLink, [link('customer', 'company', company.id), ...people.map((p) => link('contacts', 'person', p.id)), ...opps.map((o) => link('deals', 'opportunity', o.id))]);
  }
  return { objects: 1, object_records: records };
}
