import { Injectable } from '@nestjs/common';
import { Not } from 'typeorm';
import { invalid } from '../../../platform/common/errors';
import { UnitOfWork } from '../../../platform/database/unit-of-work';
import type { UserContext } from '../../identity/auth-context';
import { Company } from '../companies/company.entity';
import { Opportunity } from '../opportunities/opportunity.entity';
import { Person } from '../people/person.entity';
import { AccessService } from '../shared/access.service';
import { Mailbox } from './mailbox.entity';
import { MailboxService } from './mailbox.service';

export interface ComposeQuery {
  customer_id?: number;
  opp_id?: number;
}

export interface ComposeOptions {
  mailbox: Mailbox | null;
  customer: Company;
  contacts: Person[];
  opp: Opportunity | null;
  opps: Opportunity[];
}

/** At most this many contacts and open opportunities are offered. */
export const COMPOSE_MAX = 200;

/**
 * Spec 4.9: what the compose screen offers for a company (or an opportunity): the caller's mailbox,
 * the company's current people with an e-mail (main contact first), the selected opportunity and the
 * company's open opportunities the caller may see.
 */
@Injectable()
export class ComposeService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly access: AccessService,
    private readonly mailboxes: MailboxService,
  ) {}

  async options(auth: UserContext, q: ComposeQuery): Promise<ComposeOptions> {
    if (q.customer_id === undefined && q.opp_id === undefined) throw invalid('customer_id', 'is required (or opp_id)');
    const db = this.uow.tenant(auth.workspace.id);
    const opp = q.opp_id !== undefined ? await this.access.findVisible(Opportunity, auth, q.opp_id, 'opportunity') : null;
    const customer = await this.access.findVisible(Company, auth, q.customer_id ?? opp!.customerId, 'company');
    if (opp && opp.customerId !== customer.id) throw invalid('opp_id', `opportunity ${opp.id} belongs to another company`);
    const contacts = await db.find(Person, {
      where: { customerId: customer.id, active: true, isFormer: false, email: Not('') },
      order: { isMain: 'DESC', name: 'ASC', id: 'ASC' },
      take: COMPOSE_MAX,
    });
    const visible = await this.access.visibleOwnerIds(auth);
    const qb = db.qb(Opportunity, 'o').andWhere('o.customer_id = :cid AND o.is_open = true', { cid: customer.id });
    if (visible) qb.andWhere('o.owner_id IN (:...visible)', { visible });
    const opps = await qb.orderBy('o.id', 'DESC').limit(COMPOSE_MAX).getMany();
    return { mailbox: await this.mailboxes.get(auth), customer, contacts, opp, opps };
  }
}
