import { runUnits } from './run-group';

runUnits();
