import { valueAt } from '../../integrations/event-filter';

/**
 * `{{path}}` in a text takes the context's value at the path ('' when absent); `escape` (the HTML of an e-mail)
 * is applied to each value. Only paths are read: a template runs no code.
 */
export function render(text: string, context: unknown, escape: (s: string) => string = (s) => s): string {
  return text.replace(/\{\{\s*([a-z_][a-z0-9_.]*)\s*\}\}/g, (_m, path: string) => {
    const v = valueAt(context, path);
    return escape(v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  });
}
