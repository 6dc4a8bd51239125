import { z } from 'zod';
import {
  MAX_SPLIT_PARTICIPANTS,
  monthStartSchema,
  type Split,
  type SplitPutBody,
  centsToDecimal,
  parseMoney,
} from '@tunehouse/contracts';
import { basisPointsToPercentText, percentToBasisPoints, remainderOf } from '../shared/percent.js';
import { overriddenTracks } from '../shared/version-shares.js';

/**
 * The editor's form: what the user types, as text (shares as percentages, amounts in the currency), checked by
 * the same rules as the API's body schema so the messages show at the fields before anything is sent.
 */

const MOST_RECOUPED_CENTS = 100_000_000;

const shareSchema = z.string().superRefine((text, context) => {
  const basisPoints = percentToBasisPoints(text);
  if (basisPoints === null)
    context.addIssue({
      code: 'custom',
      message: 'Enter a percentage with at most two decimals, such as 33.33',
    });
  else if (basisPoints === 0) context.addIssue({ code: 'custom', message: 'A share must be more than 0 %' });
  else if (basisPoints > 10_000) context.addIssue({ code: 'custom', message: 'A share is at most 100 %' });
});

const rowSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter their e-mail address')
    .toLowerCase()
    .pipe(z.email('Enter a valid e-mail address').max(254, 'Use at most 254 characters')),
  role: z.string().trim().min(1, 'Enter their role, such as Producer').max(60, 'Use at most 60 characters'),
  share: shareSchema,
});

const sharesOf = (rows: readonly { share: string }[]) =>
  rows.map((row) => percentToBasisPoints(row.share) ?? 0);

/** The others' shares sum to at most 100 % (the owner keeps the rest) and each person appears once. */
const rowsSchema = z
  .array(rowSchema)
  .max(MAX_SPLIT_PARTICIPANTS - 1, `A split has at most ${MAX_SPLIT_PARTICIPANTS} people, you included`)
  .superRefine((rows, context) => {
    if (remainderOf(sharesOf(rows)) < 0)
      context.addIssue({ code: 'custom', message: 'The shares add up to more than 100 %' });
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      const email = row.email.trim().toLowerCase();
      if (email && seen.has(email))
        context.addIssue({
          code: 'custom',
          path: [index, 'email'],
          message: 'This person is already on the split',
        });
      seen.add(email);
    });
  });

const recoupmentSchema = z.object({
  /** An existing recoupment's id (not `id`, which the form library uses for its rows' keys). */
  recoupmentId: z.string().optional(),
  label: z
    .string()
    .trim()
    .min(1, 'Say what the cost was, such as Mixing')
    .max(80, 'Use at most 80 characters'),
  amount: z.string().superRefine((text, context) => {
    const cents = parseMoney(text);
    if (cents === null || cents === 0)
      context.addIssue({ code: 'custom', message: 'Enter an amount such as 1500.00' });
    else if (cents > MOST_RECOUPED_CENTS)
      context.addIssue({ code: 'custom', message: 'That is more than a split can recoup' });
  }),
  /** The e-mail of the participant who paid; empty for the owner. */
  paidBy: z.string(),
});

export const editorSchema = z
  .object({
    effectiveFrom: monthStartSchema,
    participants: rowsSchema,
    tracks: z.array(z.object({ trackId: z.string().min(1), participants: rowsSchema })),
    recoupments: z.array(recoupmentSchema),
  })
  .superRefine((values, context) => {
    const people = new Set(values.participants.map((row) => row.email));
    values.recoupments.forEach((recoupment, index) => {
      if (recoupment.paidBy && !people.has(recoupment.paidBy))
        context.addIssue({
          code: 'custom',
          path: ['recoupments', index, 'paidBy'],
          message: 'Choose someone on the split',
        });
    });
  });

export type EditorValues = z.input<typeof editorSchema>;
export type EditorOutput = z.output<typeof editorSchema>;
export type ShareRow = EditorValues['participants'][number];

export const emptyRow = (): ShareRow => ({ email: '', role: '', share: '' });

/** The body of PUT /v1/albums/{id}/splits: row for row as in the form, so the API's field paths find them again. */
export function bodyOf(values: EditorOutput): SplitPutBody {
  const rows = (list: EditorOutput['participants']) =>
    list.map((row) => ({
      email: row.email,
      role: row.role,
      basisPoints: percentToBasisPoints(row.share) ?? 0,
    }));
  return {
    effectiveFrom: values.effectiveFrom,
    participants: rows(values.participants),
    tracks: values.tracks.map((track) => ({
      trackId: track.trackId,
      participants: rows(track.participants),
    })),
    recoupments: values.recoupments.map((recoupment) => ({
      ...(recoupment.recoupmentId ? { id: recoupment.recoupmentId } : {}),
      label: recoupment.label,
      paidByEmail: recoupment.paidBy || null,
      amount: parseMoney(recoupment.amount) ?? 0,
    })),
  };
}

/**
 * The form filled from the split's newest version (a version already planned for a later month included): the
 * others' shares release-wide and per track, and the recoupments. People who declined or whose invite was revoked
 * hold nothing any more and are left out; the owner is implied.
 */
export function valuesOf(split: Split | null, nextEffectiveFrom: string): EditorValues {
  const version = split?.versions[0];
  if (!split || !version)
    return { effectiveFrom: nextEffectiveFrom, participants: [], tracks: [], recoupments: [] };
  const people = new Map(split.participants.map((participant) => [participant.id, participant]));
  const rowsFor = (trackId: string | null) =>
    version.shares.flatMap((share) => {
      const person = people.get(share.participantId);
      if (share.trackId !== trackId || !person || person.isOwner) return [];
      if (person.status === 'DECLINED' || person.status === 'REVOKED') return [];
      return [
        { email: person.email ?? '', role: person.role, share: basisPointsToPercentText(share.basisPoints) },
      ];
    });
  return {
    effectiveFrom: nextEffectiveFrom,
    participants: rowsFor(null),
    tracks: [...overriddenTracks(version)].map((trackId) => ({ trackId, participants: rowsFor(trackId) })),
    recoupments: split.recoupments.map((recoupment) => {
      const payer = people.get(recoupment.paidByParticipantId);
      return {
        recoupmentId: recoupment.id,
        label: recoupment.label,
        amount: centsToDecimal(recoupment.amount),
        paidBy: payer && !payer.isOwner ? (payer.email ?? '') : '',
      };
    }),
  };
}

/** The first days of the twelve months from `first` on: `2026-11-01`, `2026-12-01`, `2027-01-01`, … */
export function monthsFrom(first: string, count = 12): string[] {
  const [year, month] = first.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, offset) => {
    const index = year * 12 + (month - 1) + offset;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  });
}

const ROW_FIELD =
  /^(effectiveFrom|(participants|tracks\.\d+\.participants)\.\d+\.(email|role|share)|tracks\.\d+\.trackId|recoupments\.\d+\.(label|amount|paidBy))$/;
const LIST_FIELD = /^(participants|tracks\.\d+\.participants|recoupments)$/;

/**
 * The form field that shows an issue the API reported at `apiPath`: the API counts rows as the form does, names
 * shares `basisPoints` and payers `paidByEmail`; a whole list's issue (the sum) shows on the list (its `root`,
 * where the form's own check puts it too). Null when no field shows it.
 */
export function formFieldOf(apiPath: string): string | null {
  const field = apiPath.replace(/\.basisPoints$/, '.share').replace(/\.paidByEmail$/, '.paidBy');
  if (LIST_FIELD.test(field)) return `${field}.root`;
  return ROW_FIELD.test(field) ? field : null;
}
