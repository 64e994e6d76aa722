import type { z } from 'zod';
import type { ComposeOptions } from '../../../domain/crm/email/compose.service';
import type { Mailbox } from '../../../domain/crm/email/mailbox.entity';
import { toMailboxView } from '../../../domain/crm/email/mailbox.service';
import type { Opportunity } from '../../../domain/crm/opportunities/opportunity.entity';
import type { Workspace } from '../../../domain/workspace/workspace.entity';
import type { ComposeOptions as ComposeOptionsSchema, MailboxResponse } from '../schemas/email.schema';
import { toMailbox } from './me.mapper';

const toOppOption = (o: Opportunity, ws: Workspace) => ({ id: o.id, name: o.name, stage: o.stage, stage_label: ws.constants.stage_labels[o.stage] ?? o.stage });

export const toMailboxResponse = (m: Mailbox | null): z.output<typeof MailboxResponse> => ({ ok: true as const, mailbox: toMailbox(toMailboxView(m)), signature_text: m?.signature ?? '' });

/** Spec 4.9. */
export function toComposeResponse(c: ComposeOptions, ws: Workspace): z.output<typeof ComposeOptionsSchema> {
  return {
    ok: true as const,
    mailbox: toMailbox(toMailboxView(c.mailbox)),
    signature_text: c.mailbox?.signature ?? '',
    customer: { id: c.customer.id, name: c.customer.name },
    contacts: c.contacts.map((p) => ({ id: p.id, name: p.name, email: p.email, title: p.title, main: p.isMain })),
    opp: c.opp ? toOppOption(c.opp, ws) : null,
    opps: c.opps.map((o) => toOppOption(o, ws)),
  };
}
