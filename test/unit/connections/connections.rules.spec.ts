import { connectionActions, connectionState } from '../../../src/domain/crm/connections/connections.rules';

describe('connection state', () => {
  it.each([
    [{ revoked: true, requests: 10, errors: 0 }, 'revoked'],
    [{ revoked: false, requests: 0, errors: 0 }, 'idle'],
    [{ revoked: false, requests: 100, errors: 9 }, 'healthy'],
    [{ revoked: false, requests: 100, errors: 10 }, 'failing'],
    [{ revoked: false, requests: 1, errors: 1 }, 'failing'],
    [{ revoked: false, requests: 50, errors: 0, latestFailed: true }, 'failing'],
    [{ revoked: false, requests: 0, errors: 0, latestFailed: true }, 'idle'],
  ] as const)('%j → %s', (input, state) => expect(connectionState(input)).toBe(state));
});

describe('connection actions', () => {
  it.each([
    ['app', false, ['revoke']],
    ['api_key', false, ['revoke']],
    ['chat', false, ['revoke']],
    ['erp', false, ['revoke', 'rotate']],
    ['scim', false, ['revoke', 'rotate']],
    ['webhook', false, ['revoke', 'rotate']],
    ['erp', true, []],
    ['webhook', true, []],
  ] as const)('%s (revoked: %s) → %j', (kind, revoked, actions) => expect(connectionActions(kind, revoked)).toEqual(actions));
});
