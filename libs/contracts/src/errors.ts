import { z } from 'zod';

/** One issue of a validation error: the field path names exactly what was wrong. */
export const fieldIssueSchema = /*#__PURE__*/ z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** The one error body every API error answers with. Never a stack trace. */
export const apiErrorBodySchema = /*#__PURE__*/ z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(fieldIssueSchema).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
