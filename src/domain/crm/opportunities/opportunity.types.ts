import * as z from 'zod/v4';
import { amount, date, flag, id, int, name, orNull, text } from '../../../platform/common/record-input';
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

/**
 * An opportunity's fields as a create or an update takes them (spec 2.6 field names), declared once: REST's bodies are
 * made from them (`FieldsDto`), and the create_opportunity and update_opportunity tools take them as they are, so each
 * interface checks what the columns hold. `stage` only on create: moves go through moveStage.
 */
export const OpportunityFields = z.object({
  customer_id: id('company').describe('a company the caller may see'),
  value: amount('expected value, in the currency', { max: 1e13 }).optional(),
  currency: text(3, "one of app.currencies; default the company's, else the base currency").optional(),
  potential_kg: amount('quantity in `unit`').optional(),
  unit: text(16, 'one of app.units; default app.unit_default').optional(),
  product_id: orNull(id('catalogue product').describe('a catalogue product; null: none')),
  close_date: orNull(date('expected close date; omitted or null: start_date + constants.sales_cycle_days (never null on the record)')),
  start_date: date('start date; default today').optional(),
  type: text(60, 'one of constants.opp_types').optional(),
  source: text(100, 'where it came from').optional(),
  competitor: text(150, 'the competitor').optional(),
  external_id: orNull(text(200, "the record's key in the system it came from (unique per workspace and kind; imports match on it); null or '' removes it")),
  note: text(5000, 'note').optional(),
  line: text(100, 'product line').optional(),
  next_step: text(300, 'the next step').optional(),
  offer_price: orNull(amount('offered price per unit')),
  payment_days: orNull(int(0, 3650, 'payment term in days')),
  probability: orNull(amount('percent 0-100; null = the stage probability', { max: 100 })),
  bant_b: flag('BANT: budget confirmed').optional(),
  bant_a: flag('BANT: authority (the decision maker) known').optional(),
  bant_n: flag('BANT: need confirmed').optional(),
  bant_t: flag('BANT: timing known').optional(),
  fc: orNull(text(40, "forecast category: one of constants.forecast_cats; null = the stage's")),
  health_manual: flag('true: the health grade is set by hand (health_grade required); false: computed again').optional(),
  health_grade: z.enum(['A', 'B', 'C', 'D']).optional().describe('the health grade set by hand'),
  health_label: text(40, 'a label for the grade set by hand').optional(),
  health_note: text(300, 'a note on the health').optional(),
  tags: z.array(text(40, 'a tag')).max(20, 'at most 20 tags').optional().describe('tags (at most 20, each at most 40 characters)'),
  owner_id: id('user').optional().describe('an active user; default the caller'),
  detail_status: text(100, 'a free status beside the stage').optional(),
});

/** A new opportunity: its name, company, fields and first stage. */
export const OpportunityCreateFields = z.object({
  name: name(200, 'what is being sold'),
  ...OpportunityFields.shape,
  stage: text(40, 'an open stage; default the first (gates apply)').optional(),
});

/** A change to an opportunity: any field but the stage, which moves through its own route and tool. */
export const OpportunityChangeFields = z.object({ name: name(200, 'what is being sold').optional(), ...OpportunityFields.partial().shape });

/** A create or update as the commands take it (spec 2.6 field names). */
export type OppInput = Partial<z.output<typeof OpportunityCreateFields>>;

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
