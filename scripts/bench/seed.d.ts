/** Types of seed.js (the scale seed shared by `npm run bench` and test/e2e/opportunities/scale.e2e-spec.ts). */
export type Query = (sql: string, params?: unknown[]) => Promise<unknown>;
export const PRODUCTS: string[];
export interface OppSeed {
  workspaceId: number;
  ownerId: number;
  companyIds: number[];
  openStages: string[];
  closedStages: string[];
}
export function seedOpportunities(query: Query, o: OppSeed & { from: number; to: number; currency?: string }): Promise<void>;
export function keepNewestOpen(query: Query, o: Omit<OppSeed, 'companyIds'> & { openKeep?: number }): Promise<void>;
export function seedCompanies(query: Query, o: { workspaceId: number; ownerIds: number[]; n: number; status: string; tableBytes?: number }): Promise<void>;
export function seedDirectory(
  query: Query,
  o: {
    workspaceId: number;
    ownerIds: number[];
    n: { companies: number; people: number; tasks: number; calendar: number };
    companyStatus: string;
    taskStatuses: string[];
    taskPriority: string;
    tableBytes?: number;
  },
): Promise<void>;
export function seedRecords(
  query: Query,
  o: {
    workspaceId: number;
    ownerIds: number[];
    customerIds: number[];
    n: number;
    activityType: string;
    leadStatus: string;
    order: { currency: string; unit: string; kind: string; status: string };
    ticket: { priority: string; status: string };
    tableBytes?: number;
  },
): Promise<void>;
