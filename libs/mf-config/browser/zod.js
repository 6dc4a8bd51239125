// What the apps share under the name `zod` (libs/mf-config/src/shared.ts): `z`, as every app imports it
// (`import { z } from 'zod'`), made of the members in zod-members.js. One copy reaches the browser, from whichever
// app loads first, instead of one in the shell and another in each area.
import { config } from 'tunehouse-zod-internals/v4/core/core.js';

// The pages' policy allows no eval (script-src without 'unsafe-eval'), so zod's compiled object parsers can never
// run there. Without `jitless`, zod finds that out by trying `new Function('')` on the first parse, and the browser
// reports every such try as a policy violation (a `securitypolicyviolation` event, a report where the policy asks
// for them), on every page.
config({ jitless: true });

export * as z from './zod-members.js';
