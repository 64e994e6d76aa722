// What other features may use of tasks (lint: boundaries); the query keys and hooks are `./queries`.
// The task screens' styles come along: the calendar shows tasks with the same parts.
import './tasks.css';

export { useTaskText } from './tasks.text';
export { TaskLinks } from './parts';
