// The shape of bench/results/latest.json: every measurement, and each check of a figure
// against its budget. Types only.
import type { EndpointResult } from './api-scale.ts';
import type { BundleReport } from './lib/bundle.ts';
import type { GenerateReport } from './lib/generate.ts';
import type { LighthouseRoute } from './lighthouse.ts';
import type { OfflineReport } from './offline.ts';
import type { OutboxReport } from './outbox.ts';

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

export interface ApiRun {
  database: 'pglite' | 'postgres';
  generate: GenerateReport;
  endpoints: EndpointResult[];
  idleRssMb: number;
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
  /** One run per database: PGlite always, PostgreSQL too when DATABASE_URL is set. */
  api?: ApiRun[];
  skipped: string[];
  checks: Check[];
}
