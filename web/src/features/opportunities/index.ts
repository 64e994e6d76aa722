// What other features may use of opportunities (lint: boundaries); the query keys and hooks are `./queries`.
export { useOppText } from './opportunity.text';
export { OppForm } from './OppForm';
export { NewOppButton } from './NewOpp';
export { CompanyOpportunityPicker } from './CompanyOpportunityPicker';
