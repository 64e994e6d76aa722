import type { Workspace } from '../../workspace/workspace.entity';
import { formatTimestamp } from '../../../platform/common/time';
import type { TodayMeetingRow } from './today.service';

/**
 * A meeting of the day as Today (REST, `src/interfaces/rest/today/today.schema.ts`) and the tools (the agenda, the
 * calendar) show it: times in the workspace's local time.
 */
export const meetingView = (e: TodayMeetingRow, ws: Workspace) => ({
  id: e.id,
  title: e.title,
  start: formatTimestamp(e.startAt, ws.timezone),
  end: formatTimestamp(e.endAt, ws.timezone),
  location: e.location,
  customer_id: e.customerId,
});
