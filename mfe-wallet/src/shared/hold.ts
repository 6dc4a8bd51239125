import { formatDate } from '@tunehouse/ui';

/**
 * "Payouts to this account are possible from 28-11-2026 19:30": a newly added bank account's hold (decision 0060),
 * in the reader's own time; null when the account takes payouts now.
 */
export function holdText(heldUntil: string | null): string | null {
  if (!heldUntil) return null;
  const at = new Date(heldUntil);
  if (Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) return null;
  const time = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  return `Payouts to this account are possible from ${formatDate(at)} ${time}`;
}
