import type pg from 'pg';
import type { Readable } from 'node:stream';
import type { EmitEvents } from '../../platform/webhook-events.js';
import type { CatalogueEntry, CatalogueLookup } from './catalogue.js';
import type { DsrParseStats } from './dsr-parser.js';
import type { ReportFormat, UsageRow } from './usage.js';

/** A usage line ready for staging: resolved (entry) or not (kept as unmatched). */
export type StagedRow = Omit<UsageRow, 'raw'> & { entry: CatalogueEntry | null; raw: string | null };

export type LoadHooks = {
  /** Runs inside the load's transaction right after the facts are merged (tests use it to fail mid-load). */
  afterMerge?: (tx: pg.PoolClient) => Promise<void>;
  /** Runs inside the load's transaction right after every rollup was added to (before playlists and the file row). */
  afterRollups?: (tx: pg.PoolClient) => Promise<void>;
};

export type LoadProgress = { rows: number };

export type LoadOptions = {
  /** The report_files row an upload made (PENDING); without it the loader records the file itself. */
  fileId?: string;
  uploadedBy?: string | null;
  onProgress?: (progress: LoadProgress) => void;
  /** Told how long each phase took (stage, partitions, spread, facts, rollups, playlists, revenue, finish). */
  onPhase?: (phase: string, milliseconds: number) => void;
  /** The currency of revenue on lines whose report names none: the platform currency (default EUR). */
  currency?: string;
  hooks?: LoadHooks;
  /** Records `report.loaded` for the accounts whose lines were loaded (reports-loaded.ts); none without. */
  emitEvents?: EmitEvents;
};

export type ReportFileOptions = LoadOptions & {
  catalogue: CatalogueLookup;
  /** The name to record (default: the file's base name); also what the DSR parser reads the period from. */
  name?: string;
  format?: Exclude<ReportFormat, 'DEMO'>;
  /**
   * Wraps the file's byte stream (a compressed file's before unpacking), e.g. to count the bytes read for a
   * progress bar.
   */
  wrapInput?: (input: Readable) => Readable;
  /** Identifiers resolved per catalogue call. */
  batchSize?: number;
};

export type LoadResult = {
  fileId: string;
  name: string;
  format: ReportFormat;
  sha256: string;
  /** DUPLICATE: the same content was loaded before (duplicateOf); nothing was changed. */
  status: 'LOADED' | 'DUPLICATE';
  duplicateOf?: { id: string; name: string; loadedAt: Date | null };
  rows: number;
  matched: number;
  unmatched: number;
  skipped: number;
  streams: number;
  firstDay: string | null;
  lastDay: string | null;
  partitionsCreated: string[];
  milliseconds: number;
};

export type FileMeta = {
  name: string;
  format: ReportFormat;
  sha256: string;
  size: number;
};

/** One file of a load: its identity, its rows (opened only when its turn comes) and where its counts go. */
export type FileToStage = {
  meta: FileMeta;
  rows: () => AsyncIterable<StagedRow[]> | Iterable<StagedRow[]>;
  stats: DsrParseStats;
  fileId?: string;
  /** Ends the file's input once it is staged or failed. */
  close?: () => void;
};

/** A file's outcome in a load of several: its result, or why it was not loaded (nothing of it was kept). */
export type FileOutcome = { path: string; result: LoadResult } | { path: string; error: Error };
