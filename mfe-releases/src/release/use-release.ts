import { useQuery } from '@tanstack/react-query';
import { useParams, useShell } from '@tunehouse/area-kit';
import { albumPlatformsQuery, albumQuery } from '../shared/queries.js';

/** The release of the route's {id}, and (when asked) its platform entries. */
export function useRelease({ platforms = false } = {}) {
  const shell = useShell();
  const { id = '' } = useParams();
  const album = useQuery(albumQuery(shell.api, id));
  const entries = useQuery({ ...albumPlatformsQuery(shell.api, id), enabled: platforms });
  return { id, album, entries };
}
