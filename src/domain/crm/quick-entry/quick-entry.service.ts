import { callerLang, labelOf } from '../../workspace/labels';
import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { invalid } from '../../../platform/common/errors';
import { todayIn } from '../../../platform/common/time';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import { UserContext } from '../../identity/auth-context';
import { User } from '../../identity/user.entity';
import { QeTemplate } from './quick-entry.constants';
import { Company } from '../companies/company.entity';
import { Opportunity } from '../opportunities/opportunity.entity';
import { Person } from '../people/person.entity';
import { Product } from '../products/product.entity';
import { AccessService } from '../shared/access.service';
import { Clock } from '../../../platform/common/clock';
import { chooseTemplate, QeBlock, qeBlocks, qeConds, qeTemplates } from './config.rules';
import { suggestFromNote, SuggestionItem } from './suggest.rules';

export interface QeConfig {
  blocks: QeBlock[];
  conds: { k: string; label: string }[];
  templates: QeTemplate[];
  default_template: number | null;
  topics: string[];
  next_actions: string[];
  open_stages: string[];
  stage_labels: Record<string, string>;
  visit_types: { k: string; label: string; icon: string }[];
  currency: string;
  unit: string;
  undo_seconds: number;
  users: { id: number; full_name: string }[];
}

/** Longest note the suggestion rules read (spec 8). */
export const MAX_NOTE_LENGTH = 4000;

/**
 * Quick Entry (spec 4.8): the form configuration and rule-based suggestions from a visit note.
 * Parsing is pure (suggest.rules.ts); this service loads what the rules match against — the
 * catalogue and, for a visible company, its people and open opportunities — in three queries.
 */
@Injectable()
export class QuickEntryService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly clock: Clock,
  ) {}

  async config(auth: UserContext, type?: string): Promise<QeConfig> {
    const c = auth.workspace.constants;
    const app = auth.workspace.app;
    let vtype: string | null = null;
    if (type !== undefined && type !== '') {
      vtype = c.visit_types.find((v) => v.toLowerCase() === type.trim().toLowerCase()) ?? null;
      if (!vtype) throw invalid('type', `must be one of ${c.visit_types.join(', ')}`);
    }
    const blocks = qeBlocks(c, app);
    const templates = c.qe_templates ?? [];
    const users = await this.uow.tenant(auth.workspace.id).find(User, { where: { active: true }, select: { id: true, fullName: true }, order: { fullName: 'ASC', id: 'ASC' } });
    const icons = c.qe_visit_type_icons ?? {};
    // labels in the caller's language (the user's setting, else the workspace's); keys stay keys
    const lang = callerLang(auth);
    return {
      blocks,
      conds: qeConds(),
      templates: qeTemplates(templates, blocks),
      default_template: chooseTemplate(templates, auth.user.department, vtype),
      topics: [...c.visit_topics],
      next_actions: [...c.next_actions],
      open_stages: [...c.open_stages],
      stage_labels: Object.fromEntries(c.stages.map((s) => [s, labelOf(c, lang, 'stages', s)])),
      visit_types: c.visit_types.map((k) => ({ k, label: labelOf(c, lang, 'visit_types', k), icon: icons[k] ?? '' })),
      currency: app.currency_base,
      unit: app.unit_default,
      undo_seconds: c.qe_undo_seconds ?? 0,
      users: users.map((u) => ({ id: u.id, full_name: u.fullName })),
    };
  }

  async suggest(auth: UserContext, input: { note: string; customer_id?: number }): Promise<SuggestionItem[]> {
    if (input.note.length > MAX_NOTE_LENGTH) throw invalid('note', `at most ${MAX_NOTE_LENGTH} characters`);
    const db = this.uow.tenant(auth.workspace.id);
    const ws = auth.workspace;
    let people: { id: number; name: string }[] = [];
    let opps: { id: number; name: string; stage: string }[] = [];
    if (input.customer_id !== undefined) {
      const company = await this.access.findVisible(Company, auth, input.customer_id, 'company');
      const visible = await this.access.visibleOwnerIds(auth);
      const owners = visible === null ? {} : { ownerId: In(visible) };
      const [ps, os] = await this.uow.all(
        () => db.find(Person, { where: { customerId: company.id, active: true, ...owners }, select: { id: true, name: true }, order: { id: 'ASC' }, take: 500 }),
        () => db.find(Opportunity, { where: { customerId: company.id, isOpen: true, ...owners }, select: { id: true, name: true, stage: true }, order: { id: 'ASC' }, take: 500 }),
      );
      people = ps;
      opps = os;
    }
    const products = await db.find(Product, { where: { active: true }, select: { id: true, code: true, name: true }, order: { id: 'ASC' }, take: 2000 });
    return suggestFromNote(input.note, {
      today: todayIn(ws.timezone, this.clock.now()),
      currencies: ws.app.currencies,
      units: ws.app.units,
      nextActions: ws.constants.next_actions,
      nextActionRoles: ws.constants.qe_next_action_roles ?? {},
      trialResults: ws.constants.qe_trial_results ?? {},
      stageLabels: ws.constants.stage_labels,
      products,
      people,
      opps,
    });
  }
}
