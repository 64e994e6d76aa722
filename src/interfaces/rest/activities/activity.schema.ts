import { z } from 'zod';
import { example, f, listOf, named } from '../../../edge/openapi/schema';
import { ACTIVITY_EXAMPLE, ActivityRecord } from '../../../domain/crm/activities/activity.view';
// registers UserSummary, which the record refers to
import '../shared/common.schema';

/** The activity / visit record: the domain's read model and its schema (src/domain/crm/activities/activity.view.ts). */
export const Activity = named('Activity', ActivityRecord, { description: 'An activity / visit logged against a company.' });
export const activityExample = example(Activity, ACTIVITY_EXAMPLE);

export const ActivityResponse = named('ActivityResponse', z.object({ ok: f.ok(), activity: Activity }));
export const ActivityList = listOf('ActivityList', Activity, 'A page of activities, newest first.');
