// What other features may use of Ask (lint: boundaries): the box a record or Today asks about.
export { AskBox } from './AskBox';
