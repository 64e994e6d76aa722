/**
 * The device name of a browser session, for the sessions list: browser and system read from the
 * User-Agent (`Firefox on Linux`), then where the sign-in happened. Unknown agents are "Browser".
 */
export function browserDeviceName(userAgent: string | undefined, signedInAt: string): string {
  const ua = (userAgent ?? '').slice(0, 500);
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? 'Browser';
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  return `${browser}${system ? ` on ${system}` : ''} (${signedInAt})`;
}

/** Checked in order: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bHeadlessChrome\//, 'Headless Chrome'],
  [/\bChrom(e|ium)\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];
