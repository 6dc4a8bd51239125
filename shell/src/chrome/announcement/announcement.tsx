import { useState } from 'react';
import type { SessionView } from '@tunehouse/shell-contract';
import { AnnouncementModal } from './announcement-modal.js';
import { ANNOUNCEMENT_SEEN_KEY, shouldAnnounce, type AnnouncementWindow } from './announcement-rule.js';

function readSeen(): boolean {
  try {
    return window.localStorage.getItem(ANNOUNCEMENT_SEEN_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Shows the announcement when its rule holds; closing it records it as seen in local storage. */
export function Announcement({
  session,
  window: announcementWindow,
  guideUrl,
  onOpenSplits,
}: {
  session: SessionView | null;
  window: AnnouncementWindow;
  guideUrl: string;
  onOpenSplits: () => void;
}) {
  const [seen, setSeen] = useState(readSeen);
  if (!shouldAnnounce(session, announcementWindow, new Date(), seen)) return null;
  return (
    <AnnouncementModal
      guideUrl={guideUrl}
      onOpenSplits={onOpenSplits}
      onClose={() => {
        try {
          window.localStorage.setItem(ANNOUNCEMENT_SEEN_KEY, 'true');
        } catch {
          // Private mode: it shows again next time, which is the lesser harm.
        }
        setSeen(true);
      }}
    />
  );
}
