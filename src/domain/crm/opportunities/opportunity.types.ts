import type { User } from '../../identity/user.entity';
import type { Activity } from '../activities/activity.entity';
import type { Company } from '../companies/company.entity';
import type { Product } from '../products/product.entity';
import type { PageQuery } from '../shared/paging';
import type { Task } from '../tasks/task.entity';
import type { Note } from './note.entity';
import type { OppLog } from './opp-log.entity';
import type { Opportunity } from './opportunity.entity';
import type * as R from './opportunities.rules';
import type { Step } from './step.entity';
import type { LinkedRecords } from '../objects';
import type { OrderView } from '../orders';

/** A create or update body (spec 2.6 field names). `stage` only on create: moves go through moveStage. */
export interface OppInput {
  name?: string;
  customer_id?: number;
  value?: number;
  currency?: string;
  potential_kg?: number;
  unit?: string;
  product_id?: number | null;
  close_date?: string | null;
  start_date?: string;
  stage?: string;
  type?: string;
  source?: string;
  competitor?: string;
  note?: string;
  line?: string;
  next_step?: string;
  offer_price?: number | null;
  payment_days?: number | null;
  probability?: number | null;
  bant_b?: boolean;
  bant_a?: boolean;
  bant_n?: boolean;
  bant_t?: boolean;
  fc?: string | null;
  health_manual?: boolean;
  health_grade?: string;
  health_label?: string;
  health_note?: string;
  tags?: string[];
  owner_id?: number;
  detail_status?: string;
  /** The record's key in another system; '' or null clears it. */
  external_id?: string | null;
}

export interface StageMoveInput {
  stage: string;
  note?: string;
  close_reason?: string;
  close_category?: string;
}

export interface OppListQuery extends PageQuery {
  stage?: string;
  owner_id?: number;
  customer_id?: number;
  status?: 'open' | 'closed';
  q?: string;
  external_id?: string;
  /** Only these records (at most MAX_LIST_IDS): a page of known records in one read. */
  ids?: number[];
}

/** The most ids one list read takes (its page stays O(ids)). */
export const MAX_LIST_IDS = 100;

/** Everything computed from the rules, for the mapper. */
export interface OppComputed {
  isOpen: boolean;
  nextStage: string;
  gateProblems: string[];
  bant: number;
  sla: R.Sla;
  lifetimeLeft: number;
  valueBase: number;
  prob: number;
  weighted: number;
  fc: string;
  health: R.Health;
  trend: { trend: string; label: string };
  isAccount: boolean;
}

/** What a view of an opportunity reads of its company (the list selects only these columns). */
export type OppCustomer = Pick<Company, 'id' | 'name' | 'city' | 'status' | 'erpCode'>;
/** What a view of an opportunity reads of its product. */
export type OppProduct = Pick<Product, 'id' | 'name'>;
/** What the computed fields read of the last stage change. */
export type OppLastLog = Pick<OppLog, 'fromStage' | 'toStage'>;

export interface OppView {
  opp: Opportunity;
  customer: OppCustomer | null;
  product: OppProduct | null;
  canEdit: boolean;
  canRevive: boolean;
  computed: OppComputed;
}

export interface OppDetail extends OppView {
  customer: Company | null;
  product: Product | null;
  logs: OppLog[];
  steps: Step[];
  notes: Note[];
  tasks: Task[];
  visits: Activity[];
  /** Visible orders of the opportunity, newest first; empty without the Orders module. */
  orders: OrderView[];
  /** Custom records linking to the opportunity. */
  objects: LinkedRecords[];
  /** E-mail threads filed on the opportunity, newest first (at most 50); empty without the Email module. */
  threads: OppThread[];
  users: Map<number, User>;
}

/** An e-mail thread's summary on the opportunity (read from the e-mail feature's table). */
export interface OppThread {
  id: number;
  subject: string;
  messages_n: number;
  last_message_at: Date;
  user_id: number;
}

/**
 * What a command changed: the row as saved and, when the command had it at hand, its company
 * (`undefined`: not loaded; a reader looks it up). Commands never read the record they answer.
 */
export interface OppChange {
  opp: Opportunity;
  customer?: Company | null;
}

/** A changed record as a tool answers it: the row, its company, the next stage and the notes (newest first). */
export interface OppBrief {
  opp: Opportunity;
  customer: Company | null;
  nextStage: string;
  notes: Note[];
}

export interface OppPage {
  items: OppView[];
  users: Map<number, User>;
  nextCursor: string | null;
}
