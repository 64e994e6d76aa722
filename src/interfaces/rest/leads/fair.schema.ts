import { z } from 'zod';
import { example, f, listOf, named } from '../../../edge/openapi/schema';
import { FAIR_EXAMPLE, FairRecord } from '../../../domain/crm/leads/lead.view';
// registers UserSummary, which the record refers to
import '../shared/common.schema';

/** A trade fair: the domain's read model and its schema (src/domain/crm/leads/lead.view.ts). */
export const Fair = named('Fair', FairRecord, { description: 'A trade fair the team staffs; leads are met there.' });
export const fairExample = example(Fair, FAIR_EXAMPLE);

export const FairResponse = named('FairResponse', z.object({ ok: f.ok(), fair: Fair }), { description: 'One fair.', example: { ok: true, fair: fairExample } });
export const FairList = listOf('FairList', Fair, 'A page of fairs, newest first.');
