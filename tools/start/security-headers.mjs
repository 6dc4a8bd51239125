/**
 * The headers every page and file of the web apps is served with, as a CDN in front of them would add.
 *
 * The shell's Content-Security-Policy allows scripts only from its own origin and the areas the registry names,
 * so one injected script tag cannot load code from elsewhere; API calls, artwork and audio only from the API.
 * Styles keep 'unsafe-inline': emotion writes its rules into <style> elements at run time (scripts never get it).
 * `frame-ancestors 'none'` (and X-Frame-Options for old browsers) stops the app being framed for clickjacking.
 */
export const BASE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
};

const originOf = (url) => new URL(url).origin;

/**
 * The shell's policy: `areaUrls` are the registry's manifest (or entry) URLs, `apiBaseUrl` the API's, and
 * `errorReportingDsn` (when set) the error-reporting service the shell posts envelopes to.
 */
export function shellContentSecurityPolicy({ areaUrls, apiBaseUrl, errorReportingDsn = '' }) {
  const areas = [...new Set(areaUrls.map(originOf))];
  const api = originOf(apiBaseUrl);
  const reports = errorReportingDsn ? [originOf(errorReportingDsn)] : [];
  return policy({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...areas],
    'connect-src': ["'self'", ...areas, api, ...reports],
    'img-src': ["'self'", 'data:', 'blob:', api],
    'media-src': ["'self'", 'blob:', api],
    'style-src': ["'self'", "'unsafe-inline'"],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // No page of the shell posts a form natively (the API is called with fetch); the sign-in form the build draws
    // must not send the password anywhere before its script runs (docs/decisions/0082-layout-shift-and-startup-work.md).
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * An area's own pages (its standalone HTML): its scripts from itself only. It does not know the API's origin, so
 * data calls and images stay open; the shell's policy is the one users meet.
 */
export function areaContentSecurityPolicy() {
  return policy({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'connect-src': ['*'],
    'img-src': ['*', 'data:', 'blob:'],
    'media-src': ['*', 'blob:'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

function policy(directives) {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
