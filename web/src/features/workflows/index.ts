// What other features may use of workflows (lint: boundaries): the line on a record's page. The screens are the
// router's; the query keys are `./queries`.
export { RecordWorkflows } from './RecordWorkflows';
