import * as z from 'zod/v4';
import { MODULES } from '../../../domain/workspace/defaults';
import { id, text } from '../mcp.args';
import { Suggestion } from '../mcp.crm-outputs';
import { defineTool, type ToolDef, type ServiceOf } from '../mcp.tool-def';
import { QuickEntryService } from '../../../domain/crm/quick-entry/quick-entry.service';

/**
 * Quick Entry's rule-based suggestions from a visit note (nothing is saved).
 */
export function quickEntryTools(get: ServiceOf): ToolDef[] {
  const s = { quickEntry: get(QuickEntryService) };
  return [
    defineTool({
      name: 'suggest_quick_entry',
      title: 'Suggest activity details from a visit note',
      description:
        "Rule-based suggestions from a visit note, as the CRM's Quick Entry makes them (nothing is saved, nothing leaves the CRM): products, price and payment terms, quantity, trial result, " +
        "next steps with dates, and with customer_id the company's people and open opportunities named in the note. Use them to fill create_activity, create_task and the rest.",
      write: false,
      module: MODULES.activities,
      output: z.array(Suggestion),
      input: z.strictObject({ note: text(4000, 'the visit note'), customer_id: id('company visited').optional() }),
      run: async (auth, a) => s.quickEntry.suggest(auth, a),
    }),
  ];
}
quickEntryTools.place = 160;
