// What other features may use of orders (lint: boundaries); the query keys and hooks are `./queries`.
// The ticket screens share the orders' texts and styles.
import './orders.css';

export { useOrderText } from './orders.text';
export { orderName } from './name';
