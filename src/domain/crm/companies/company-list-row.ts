import type { Company } from './company.entity';

/** The list's columns: the company's own (read into plain rows by `listed`, not hydrated). */
export const LIST_COLUMNS =
  'c.workspace_id, c.id, c.name, c.name_norm, c.status, c.sector, c.city, c.country, c.address, c.phone, c.email, c.website, c.tax_no, ' +
  'c.tax_office, c.erp_code, c.erp_ext_id, c.external_id, c.source, c.potential_kg, c.currency, c.unit, c.note, c.owner_id, c.last_visit, ' +
  'c.next_visit_due, c.active, c.is_sample, c.created_by, c.created_at, c.updated_at';

/** A row of LIST_COLUMNS (dates are strings, numerics numbers: platform/database/pg-types). */
interface CompanyListRow {
  workspace_id: number;
  id: number;
  name: string;
  name_norm: string;
  status: string;
  sector: string;
  city: string;
  country: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  tax_no: string;
  tax_office: string;
  erp_code: string;
  erp_ext_id: string;
  external_id: string | null;
  source: string;
  potential_kg: number | null;
  currency: string;
  unit: string;
  note: string;
  owner_id: number;
  last_visit: string | null;
  next_visit_due: string | null;
  active: boolean;
  is_sample: boolean;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

/** A list row as the page holds it: the same object a hydrated Company would be. */
export const listed = (r: CompanyListRow): Company => ({
  workspaceId: r.workspace_id,
  id: r.id,
  name: r.name,
  nameNorm: r.name_norm,
  status: r.status,
  sector: r.sector,
  city: r.city,
  country: r.country,
  address: r.address,
  phone: r.phone,
  email: r.email,
  website: r.website,
  taxNo: r.tax_no,
  taxOffice: r.tax_office,
  erpCode: r.erp_code,
  erpExtId: r.erp_ext_id,
  externalId: r.external_id,
  source: r.source,
  potentialKg: r.potential_kg,
  currency: r.currency,
  unit: r.unit,
  note: r.note,
  ownerId: r.owner_id,
  lastVisit: r.last_visit,
  nextVisitDue: r.next_visit_due,
  active: r.active,
  isSample: r.is_sample,
  createdBy: r.created_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});
