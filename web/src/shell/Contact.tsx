import { telHref, webHref } from '../lib/links';

/** A phone number as a `tel:` link whatever way it was typed; as text when it cannot be dialled. */
export function PhoneLink({ phone }: { phone: string | null | undefined }) {
  if (!phone) return null;
  const href = telHref(phone);
  return href ? <a href={href}>{phone}</a> : <>{phone}</>;
}

/** A website as a link (https added when it was typed without a scheme); as text when it is not an address. */
export function WebLink({ site }: { site: string | null | undefined }) {
  if (!site) return null;
  const href = webHref(site);
  return href ? (
    <a href={href} rel="noreferrer noopener" target="_blank">
      {site}
    </a>
  ) : (
    <>{site}</>
  );
}
