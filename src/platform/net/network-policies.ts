import type { AppConfig } from '../config/app-config';
import { NetworkPolicy } from './network-policy';

/** The policy of destinations workspace users set: webhooks, record connections, mailbox servers. */
export const USER_DESTINATIONS = Symbol('USER_DESTINATIONS');
/** The policy of OAuth client ID metadata documents: public addresses only (see NetworkPolicy). */
export const CLIENT_METADATA_DESTINATIONS = Symbol('CLIENT_METADATA_DESTINATIONS');

/** PRIVATE_NETWORK_ALLOWLIST, or every private range with the deprecated ALLOW_PRIVATE_NETWORK_URLS=1. */
export function userDestinations(config: Pick<AppConfig, 'privateNetworkAllowlist' | 'allowAllPrivateNetworks'>): NetworkPolicy {
  return NetworkPolicy.fromAllowlist(config.privateNetworkAllowlist, config.allowAllPrivateNetworks);
}
