// What other features may use of e-mail (lint: boundaries): the threads a company or an opportunity record shows.
export { CompanyThreads, OppThreads } from './Threads';
