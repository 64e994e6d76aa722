// What other features may use of imports (lint: boundaries): the "Import" link beside a list. The screens are the
// router's; the query keys are `./queries`.
export { ImportLink } from './ImportLink';
