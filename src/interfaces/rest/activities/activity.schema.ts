import { recordSchemas } from '../../../edge/openapi/schema';
import { ACTIVITY_EXAMPLE, ActivityRecord } from '../../../domain/crm/activities/activity.view';
// registers UserSummary, which the record refers to
import '../shared/common.schema';

/** The activity / visit record: the domain's read model and its schema (src/domain/crm/activities/activity.view.ts). */
export const { Record: Activity, Response: ActivityResponse, List: ActivityList } = recordSchemas('Activity', 'activity', ActivityRecord, {
  description: 'An activity / visit logged against a company.',
  example: ACTIVITY_EXAMPLE,
  list: 'A page of activities, newest first.',
});
