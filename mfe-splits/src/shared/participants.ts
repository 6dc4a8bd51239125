import type { SplitParticipant, SplitParticipantStatus } from '@tunehouse/contracts';
import { colors } from '@tunehouse/ui';

/** How a participant is named: their name once they accepted, else the address the owner invited. */
export function participantName(participant: Pick<SplitParticipant, 'name' | 'email' | 'isOwner'>): string {
  return participant.name ?? participant.email ?? (participant.isOwner ? 'The owner' : 'An invited person');
}

export const STATUS_LABELS: Readonly<Record<SplitParticipantStatus, string>> = {
  PENDING: 'Pending',
  ACCEPTED: 'Accepted',
  DECLINED: 'Declined',
  REVOKED: 'Revoked',
};

export const STATUS_COLORS: Readonly<Record<SplitParticipantStatus, string>> = {
  PENDING: colors.warn,
  ACCEPTED: colors.success,
  DECLINED: colors.inkSoft,
  REVOKED: colors.inkSoft,
};
