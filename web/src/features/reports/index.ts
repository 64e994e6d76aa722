// Reports offer other features nothing but their query keys (`./queries`); the screen is the router's.
export { reportKeys } from './queries';
