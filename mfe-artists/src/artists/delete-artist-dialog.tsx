import type { RefObject } from 'react';
import type { ArtistDetail } from '@tunehouse/contracts';
import { useShell } from '@tunehouse/area-kit';
import { DeleteDialog } from '../shared/delete-dialog.js';
import { artistKeys, deleteArtist } from './artist-queries.js';

/** What goes with the artist, in words. */
function whatGoes(artist: ArtistDetail): string {
  const count = artist.profiles.length;
  const parts = [
    count === 1 ? 'its platform profile' : count > 1 ? `its ${count} platform profiles` : null,
    artist.image ? 'its image' : null,
  ].filter(Boolean);
  return parts.length > 0 ? `, with ${parts.join(' and ')}` : '';
}

/** Asks before deleting an artist (its profiles and image go with it). */
export function DeleteArtistDialog({
  artist,
  onClose,
  fallbackFocus,
}: {
  artist: ArtistDetail | null;
  onClose: () => void;
  fallbackFocus?: RefObject<HTMLElement | null>;
}) {
  const shell = useShell();
  return (
    <DeleteDialog
      item={artist}
      noun="artist"
      remove={(target) => deleteArtist(shell.api, target.id)}
      listKey={artistKeys.lists()}
      onClose={onClose}
      fallbackFocus={fallbackFocus}
    >
      {artist && (
        <p>
          {artist.name} is removed from your artists{whatGoes(artist)}. This cannot be undone.
        </p>
      )}
    </DeleteDialog>
  );
}
