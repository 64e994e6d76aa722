// What other features may use of the settings (lint: boundaries): the settings frame and its parts, for a settings
// screen that lives with its own record kind (Apps: features/webhooks). The screens are the router's.
export { AskButton, Notice, SecretOnce, SettingsPage } from './settings-parts';
