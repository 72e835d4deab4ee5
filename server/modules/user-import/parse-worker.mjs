// Starts the parse worker's TypeScript in a worker thread. A worker does not inherit the
// parent's loader hooks (tsx under `node --import tsx`, Vite's under vitest), so it registers
// tsx itself, the same way in production, in tests and in the e2e server.
import { tsImport } from 'tsx/esm/api';

await tsImport('./parse-worker.ts', import.meta.url);
