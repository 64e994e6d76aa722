import { z } from 'zod';
import { example, f, listOf, named, type Assert, type Conforms } from '../../../edge/openapi/schema';
import type { fairView } from '../../../domain/crm/leads/lead.view';
import { UserSummary, userSummaryExample } from '../shared/common.schema';

/** A trade fair (spec 2.18: its fields are not shown there). */
export const Fair = named(
  'Fair',
  z.object({
    id: f.id(),
    name: z.string(),
    city: z.string(),
    country: z.string(),
    venue: z.string().meta({ description: 'exhibition centre' }),
    stand: z.string().meta({ description: 'our hall / stand' }),
    start_date: f.date().nullable(),
    end_date: f.date().nullable().meta({ description: 'not before start_date' }),
    website: z.string(),
    note: z.string(),
    leads_n: f.count().meta({ description: 'leads collected at the fair (all owners)' }),
    owner: UserSummary.nullable(),
    can_edit: z.boolean().meta({ description: 'the caller may change or delete this fair (its owner and admins)' }),
    created_at: f.timestamp(),
    updated_at: f.timestamp(),
  }),
  { description: 'A trade fair the team staffs; leads are met there.' },
);
export const fairExample = example(Fair, {
  id: 4, name: 'Plast Eurasia 2026', city: 'Istanbul', country: 'TR', venue: 'TÜYAP Fair Convention and Congress Center', stand: 'Hall 9, B120',
  start_date: '2026-11-25', end_date: '2026-11-28', website: 'https://plasteurasia.com', note: '', leads_n: 37, owner: userSummaryExample, can_edit: true,
  created_at: '2026-09-01T10:00:00', updated_at: '2026-11-20T08:15:42',
});

export const FairResponse = named('FairResponse', z.object({ ok: f.ok(), fair: Fair }), { description: 'One fair.', example: { ok: true, fair: fairExample } });
export const FairList = listOf('FairList', Fair, 'A page of fairs, newest first.');

/** The domain's read model is what this schema documents (src/domain/crm/leads/lead.view.ts). */
export type FairViewFits = Assert<Conforms<ReturnType<typeof fairView>, typeof Fair>>;
