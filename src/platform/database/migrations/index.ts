import { Initial1795285791069 } from './1795285791069-Initial';
import { CrmCore1795286062869 } from './1795286062869-CrmCore';
import { AuthHardening1795310000000 } from './1795310000000-AuthHardening';
import { StageRulesAsData1795320000000 } from './1795320000000-StageRulesAsData';
import { DeletedRecords1795330000000 } from './1795330000000-DeletedRecords';
import { IndexesAndAggregates1795340000000 } from './1795340000000-IndexesAndAggregates';
import { OrdersAndTickets1795360000000 } from './1795360000000-OrdersAndTickets';
import { FairLeads1795350000000 } from './1795350000000-FairLeads';
import { CustomObjects1795370000000 } from './1795370000000-CustomObjects';
import { Approvals1795380000000 } from './1795380000000-Approvals';
import { QuickEntry1795390000000 } from './1795390000000-QuickEntry';
import { ScimProvisioning1795410000000 } from './1795410000000-ScimProvisioning';
import { OAuth1795400000000 } from './1795400000000-OAuth';
import { Webhooks1795420000000 } from './1795420000000-Webhooks';
import { ErpExchange1795430000000 } from './1795430000000-ErpExchange';
import { UserLocale1795460000000 } from './1795460000000-UserLocale';
import { ActivityBlocks1795471000000 } from './1795471000000-ActivityBlocks';
import { PasswordLinks1795445000000 } from './1795445000000-PasswordLinks';
import { EventJournal1795470000000 } from './1795470000000-EventJournal';
import { IdempotencyKeys1795472000000 } from './1795472000000-IdempotencyKeys';
import { WebhookReplay1795473500000 } from './1795473500000-WebhookReplay';
import { WebhookFilters1795475000000 } from './1795475000000-WebhookFilters';
import { ErpLeaseTokens1795476000000 } from './1795476000000-ErpLeaseTokens';
import { ErpVersions1795477000000 } from './1795477000000-ErpVersions';
import { RecordConnections1795478000000 } from './1795478000000-RecordConnections';
import { ConnectionUsage1795479000000 } from './1795479000000-ConnectionUsage';
import { ErpStalls1795483000000 } from './1795483000000-ErpStalls';
import { MailboxConnections1795484000000 } from './1795484000000-MailboxConnections';
import { ActivityFollowUps1795486000000 } from './1795486000000-ActivityFollowUps';
import { FoldedSearch1795487000000 } from './1795487000000-FoldedSearch';
import { OpportunityHistory1795489000000 } from './1795489000000-OpportunityHistory';
import { InboundHooks1795489100000 } from './1795489100000-InboundHooks';
import { ImportJobs1795490000000 } from './1795490000000-ImportJobs';
import { ExternalIds1795490100000 } from './1795490100000-ExternalIds';
import { Workflows1795491000000 } from './1795491000000-Workflows';
import { HistorySpans1795491100000 } from './1795491100000-HistorySpans';
import { ForecastAdjustments1795491110000 } from './1795491110000-ForecastAdjustments';
import { ForecastSnapshots1795492200000 } from './1795492200000-ForecastSnapshots';
import { StageSince1795492700000 } from './1795492700000-StageSince';
import { EmailLowerIndexes1795493100000 } from './1795493100000-EmailLowerIndexes';
import { WeeklyTargets1795493200000 } from './1795493200000-WeeklyTargets';
import { OpenLevels1795495000000 } from './1795495000000-OpenLevels';

/** Committed migrations, in order. `npm run migration:generate --name=X` writes a new file; add it here. */
export const MIGRATIONS: Function[] = [
  Initial1795285791069,
  CrmCore1795286062869,
  AuthHardening1795310000000,
  StageRulesAsData1795320000000,
  DeletedRecords1795330000000,
  IndexesAndAggregates1795340000000,
  OrdersAndTickets1795360000000,
  FairLeads1795350000000,
  CustomObjects1795370000000,
  Approvals1795380000000,
  QuickEntry1795390000000,
  ScimProvisioning1795410000000,
  OAuth1795400000000,
  Webhooks1795420000000,
  ErpExchange1795430000000,
  PasswordLinks1795445000000,
  UserLocale1795460000000,
  EventJournal1795470000000,
  ActivityBlocks1795471000000,
  IdempotencyKeys1795472000000,
  WebhookReplay1795473500000,
  WebhookFilters1795475000000,
  ErpLeaseTokens1795476000000,
  ErpVersions1795477000000,
  RecordConnections1795478000000,
  ConnectionUsage1795479000000,
  ErpStalls1795483000000,
  MailboxConnections1795484000000,
  ActivityFollowUps1795486000000,
  FoldedSearch1795487000000,
  OpportunityHistory1795489000000,
  InboundHooks1795489100000,
  ImportJobs1795490000000,
  ExternalIds1795490100000,
  Workflows1795491000000,
  HistorySpans1795491100000,
  ForecastAdjustments1795491110000,
  ForecastSnapshots1795492200000,
  StageSince1795492700000,
  EmailLowerIndexes1795493100000,
  WeeklyTargets1795493200000,
  OpenLevels1795495000000,
];
