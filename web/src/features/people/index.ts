// What other features may use of people (lint: boundaries); the query keys and hooks are `./queries`.
export { PersonForm } from './PersonForm';
