import type { AreaFailureKind } from '../services/area-failures.js';

/**
 * What the error page says for each way an area can fail, in words a visitor can act on. The panel adds the plea
 * to contact support; the status/detail line underneath is for support.
 */
export const AREA_FAILURE_COPY: Record<AreaFailureKind, { title: string; message: string }> = {
  unreachable: {
    title: 'This page could not be reached',
    message:
      'Its server did not answer, even after a few tries. It is probably down for a moment: try again shortly.',
  },
  refused: {
    title: 'This page needs an update',
    message:
      'The version of this page that is online does not fit the rest of the site, so it was not opened. ' +
      'A new release usually fixes this within minutes.',
  },
  crashed: {
    title: 'This page stopped working',
    message: 'It ran into a problem of its own while opening.',
  },
};
