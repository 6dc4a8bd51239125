// The members of zod's `z` the apps call at run time, re-exported from zod's own files. This module is the whole
// of what the apps share under the name `zod` (src/shared.ts, SHARED_ZOD): a shared module is bundled with every
// export it has, so sharing zod itself would send all of it to every page (379 KiB with its locales), and re-
// exporting every member of `z` still 159 KiB; these are 97 KiB, about what one app's tree-shaken zod was.
// English messages come with the schemas (zod registers them on the first schema built).
//
// A member missing here is `undefined` in the browser, where TypeScript cannot see it: src/zod-members.test.ts
// reads every `z.<member>` in the apps' and libs' sources and fails until it is listed.
export {
  any,
  array,
  boolean,
  custom,
  discriminatedUnion,
  email,
  enum,
  literal,
  looseObject,
  null,
  number,
  object,
  preprocess,
  record,
  strictObject,
  string,
  union,
  unknown,
  url,
  uuid,
  ZodType,
} from 'tunehouse-zod-internals/v4/classic/schemas.js';
export { NEVER, regexes } from 'tunehouse-zod-internals/v4/core/index.js';
export * as coerce from 'tunehouse-zod-internals/v4/classic/coerce.js';
export * as iso from 'tunehouse-zod-internals/v4/classic/iso.js';
