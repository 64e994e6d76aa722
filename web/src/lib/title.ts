import { useEffect } from 'react';

/**
 * The browser tab's title: the screen's own (a record's name, a list's name) when it set one, else the
 * section's from the navigation, then the product: "Marmara Plastik · CRM". Effects of a child run
 * before its parent's, so the screen's title is kept aside and the section's is only a fallback.
 */
const SUFFIX = 'CRM';
let screenTitle: string | null = null;
let sectionTitle: string | null = null;

function apply(): void {
  const main = screenTitle ?? sectionTitle;
  document.title = main ? `${main} · ${SUFFIX}` : SUFFIX;
}

/** A screen's title (a record's name once it is loaded, a list's name); undefined leaves it to the section. */
export function useDocumentTitle(title: string | undefined | null): void {
  useEffect(() => {
    if (!title) return;
    screenTitle = title;
    apply();
    return () => {
      if (screenTitle === title) screenTitle = null;
      apply();
    };
  }, [title]);
}

/** The section's title, from the navigation (the Shell); shown while a screen has not set its own. */
export function useSectionTitle(title: string | null): void {
  useEffect(() => {
    sectionTitle = title;
    apply();
  }, [title]);
}
