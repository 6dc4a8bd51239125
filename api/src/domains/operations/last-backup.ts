/**
 * The operator's view of backups, as a port: the operations domain shows the last backup and exports its time as a
 * metric, and the backups domain (docs/decisions/0084-backup-and-restore.md) answers it: wiring/wire-operations.ts
 * connects the two. `noBackupKnown` is for tests: the page says no backup is known and the metric is 0, so the
 * "no backup in 26 h" alert fires, which is then true.
 */
export type LastBackup = { finishedAt: string; bytes: number; location: string };
export type LastBackupPort = () => Promise<LastBackup | null>;

export const noBackupKnown: LastBackupPort = async () => null;
