import { fetchStartupFilesEarly } from './services/startup-fetches.js';

// The config and the registry load alongside the shell's code rather than after it (startup-fetches.ts).
fetchStartupFilesEarly();
// The async boundary: shared modules (React, ...) are negotiated by Module Federation before bootstrap runs.
import('./bootstrap');
