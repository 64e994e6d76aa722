import type { ReactElement } from 'react';
import type { Lang } from '../lib/i18n';

/** An address of the app and the screen it shows (react-router ranks paths by how specific they are, not by order). */
export interface FeatureRoute {
  path: string;
  element: ReactElement;
}

/** An entry of the main navigation; absent when its licence module is off for the user. */
export interface NavEntry {
  to: string;
  label: Readonly<Record<Lang, string>>;
  /** A key of `MODULES` (lib/session); none: always shown. */
  module?: string;
  /** The place in the navigation: entries are listed by it, lowest first. */
  order: number;
}

/**
 * What a feature adds to the app, declared in its own `routes.tsx` (`export const feature: Feature`): its addresses
 * and its navigation entries. The router (main.tsx) finds every feature's file by itself, so a new feature edits
 * no shared list.
 */
export interface Feature {
  routes: FeatureRoute[];
  nav?: NavEntry[];
}
