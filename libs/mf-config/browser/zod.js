// What the apps share under the name `zod` (libs/mf-config/src/shared.ts): `z`, as every app imports it
// (`import { z } from 'zod'`), made of the members in zod-members.js. One copy reaches the browser, from whichever
// app loads first, instead of one in the shell and another in each area.
export * as z from './zod-members.js';
