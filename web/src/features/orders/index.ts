// What other features may use of orders (lint: boundaries); the query keys and hooks are `./queries`.
import './orders.css';

export { orderName } from './name';
