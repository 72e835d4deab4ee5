// The shape of bench/results/latest.json: every measurement, and each check of a figure
// against its budget. Types only.
import type { EndpointResult } from './api-scale.ts';
import type { BundleReport } from './lib/bundle.ts';
import type { GenerateReport } from './lib/generate.ts';
import type { LighthouseRoute } from './lighthouse.ts';
import type { OfflineReport } from './offline.ts';
import type { FloorReport } from './floor.ts';
import type { AcknowledgedCheck, RecordCheck } from './lib/records.ts';
import type { OverloadReport } from './overload.ts';
import type { QueueMix } from './outbox.ts';
import type { BrowserReplay } from './outbox-browser.ts';
import type { VideoFloorReport } from './video-floor.ts';

export interface Check {
  section: string;
  name: string;
  value: string;
  budget: string;
  /** null: reported only, or not measured. */
  ok: boolean | null;
  /** Key into MISS_NOTES, for the closing note. */
  note?: string;
  /** Said in the closing note after MISS_NOTES' text when the check fails (e.g. the heaviest files). */
  detail?: string;
  /** Shown in its section's own table (Lighthouse) rather than as a row of the checks table. */
  inFigures?: true;
}

export type BenchDatabase = 'pglite' | 'postgres';

export interface ApiRun {
  database: BenchDatabase;
  generate: GenerateReport;
  endpoints: EndpointResult[];
  idleRssMb: number;
  /** Server processes (WORKERS); absent: one. */
  workers?: number;
}

/** The outbox replay in Chromium on one database, and what the server stored. */
export interface OutboxRun {
  database: BenchDatabase;
  mix: QueueMix;
  replay?: BrowserReplay;
  /** Filled in from the database after the server stopped. */
  records?: RecordCheck;
  error?: string;
}

export interface OutboxReport {
  /** runCommand over fake-indexeddb in Node: the cost of queueing one action. */
  enqueue: { samples: number; p50Ms: number; p95Ms: number };
  runs: OutboxRun[];
}

/** The floor reconnect (POST /api/sync) on one database. */
export interface FloorRun {
  database: BenchDatabase;
  report: FloorReport;
  mix: QueueMix;
  records?: RecordCheck;
  /** The server's resident memory, its worker processes included, at most during the replay. */
  maxRssMb?: number;
  workers?: number;
}

/** The overload run (200 connections of reads and batches) on one database. */
export interface OverloadRun {
  database: BenchDatabase;
  report?: OverloadReport;
  /** Filled in from the database after the server stopped. */
  records?: AcknowledgedCheck;
  maxRssMb?: number;
  workers?: number;
  error?: string;
}

/** The machine's load average (1/5/15 min) when a step started and when it ended. */
export interface StepLoad {
  step: string;
  start: number[];
  end: number[];
  seconds: number;
}

export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  machine: Record<string, string>;
  load?: StepLoad[];
  bundle?: BundleReport;
  lighthouse?: LighthouseRoute[];
  offline?: OfflineReport;
  outbox?: OutboxReport;
  /** The floor reconnect, one run per database (step `sync`). */
  sync?: FloorRun[];
  /** One run per database: PGlite always, PostgreSQL too when DATABASE_URL is set. */
  api?: ApiRun[];
  /** Overload (step `overload`), one run per database. */
  overload?: OverloadRun[];
  /** A 3-minute video on a floor's Wi-Fi, adaptive against a single MP4 (step `video`, issue 36). */
  video?: VideoFloorReport;
  skipped: string[];
  checks: Check[];
}
