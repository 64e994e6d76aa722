/** The one react-query key scheme of the settings screens: one key per screen's data, all under `settings`. */
export const settingsKeys = {
  all: ['settings'] as const,
  connections: () => ['settings', 'connections'] as const,
  apiKeys: () => ['settings', 'api-keys'] as const,
  sessions: () => ['settings', 'sessions'] as const,
  usersPending: () => ['settings', 'users-pending'] as const,
  permissions: () => ['settings', 'permissions'] as const,
  scim: () => ['settings', 'scim'] as const,
  erp: () => ['settings', 'erp'] as const,
  erpDeadLetters: () => ['settings', 'erp', 'dead-letters'] as const,
};
