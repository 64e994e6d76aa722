import { z } from 'zod';
import { example, f, listOf, named } from '../../../edge/openapi/schema';
import {
  OPPORTUNITY_EXAMPLE,
  OPPORTUNITY_SUMMARY_EXAMPLE,
  OpportunitySchema,
  OpportunitySummarySchema,
  STEP_EXAMPLE,
  StepSchema,
} from '../../../domain/crm/opportunities/opportunity.view';
// register UserSummary, LinkedRecords and OrderRow, which the records refer to
import '../shared/common.schema';
import '../orders/order.schema';

/** The opportunity's schemas are its read model's (src/domain/crm/opportunities/opportunity.view.ts), named here for the document. */
export const Step = named('Step', StepSchema, { description: 'A checklist step of a stage (spec 2.7).' });
export const stepExample = example(Step, STEP_EXAMPLE);

export const OpportunitySummary = named('OpportunitySummary', OpportunitySummarySchema, { description: 'An opportunity as lists return it: the scalar fields of spec 2.6.' });
export const opportunitySummaryExample = example(OpportunitySummary, OPPORTUNITY_SUMMARY_EXAMPLE);

export const Opportunity = named('Opportunity', OpportunitySchema, { description: 'An opportunity (spec 2.6), returned as `opp`.', example: OPPORTUNITY_EXAMPLE });

export const OpportunityResponse = named('OpportunityResponse', z.object({ ok: f.ok(), opp: Opportunity }));
export const StepToggleResponse = named('StepToggleResponse', z.object({ ok: f.ok(), opp: Opportunity, step: Step }), {
  description: 'The opportunity after the toggle and the step.',
});
export const OpportunityList = listOf('OpportunityList', OpportunitySummary, 'A page of opportunities, newest first.');
