import { z } from 'zod';
import { emailAddressSchema } from './auth.js';
import { pageQuerySchema, paginatedSchema } from './pagination.js';
import { BASIS_POINTS_WHOLE, basisPointsSchema, minorUnitsSchema } from './quantities.js';
import { pathIdSchema } from './requests/common.js';

/**
 * Royalty splits. A release has at most one split; it divides the owner's share of each track's royalties among
 * participants, in basis points (10,000 is the whole). The owner is always a participant and holds whatever the
 * others do not. A change is a new version, effective from the first day of a month whose period is still open.
 */

/** At most this many participants in a split, the owner included. */
export const MAX_SPLIT_PARTICIPANTS = 50;
/** An invite can be accepted for this many days after it was (re-)sent. */
export const SPLIT_INVITE_TTL_DAYS = 14;

/**
 * PENDING: invited, not yet answered (their share is held for them); ACCEPTED: their share reaches their wallet;
 * DECLINED: they said no (their share goes to the owner); REVOKED: the owner withdrew the invite (likewise).
 */
export const SPLIT_PARTICIPANT_STATUSES = ['PENDING', 'ACCEPTED', 'DECLINED', 'REVOKED'] as const;
export const splitParticipantStatusSchema = /*#__PURE__*/ z.enum(SPLIT_PARTICIPANT_STATUSES);
export type SplitParticipantStatus = z.infer<typeof splitParticipantStatusSchema>;

/** What the viewer is to a split: its owner, or one of its other participants. */
export const splitRoleSchema = /*#__PURE__*/ z.enum(['OWNER', 'PARTICIPANT']);
export type SplitRole = z.infer<typeof splitRoleSchema>;

/** The first day of a month, `YYYY-MM-01`: versions take effect on period boundaries. */
export const monthStartSchema = /*#__PURE__*/ z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-01$/, 'the first day of a month, as YYYY-MM-01');

/** A role label as people write it on a split sheet: "Producer", "Co-writer", "Featured artist". */
export const splitRoleLabelSchema = /*#__PURE__*/ z.string().trim().min(1).max(60);

export const splitAlbumRefSchema = /*#__PURE__*/ z.object({
  id: z.string(),
  title: z.string(),
  /** The release's display artist, as on its page. */
  artistName: z.string().nullable(),
  coverUrl: z.string().nullable(),
});
export type SplitAlbumRef = z.infer<typeof splitAlbumRefSchema>;

/**
 * A person on a split. `name` is the account holder's name once they accepted, else null; `email` is shown to
 * the owner only (other participants see null). `earnings` is everything this split has ever given them in
 * cents: credited to their wallet, or held for them while pending.
 */
export const splitParticipantSchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  isOwner: z.boolean(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  role: z.string(),
  status: splitParticipantStatusSchema,
  /** The release-wide share in the current version; 0 when they have none there. */
  basisPoints: basisPointsSchema,
  earnings: minorUnitsSchema.min(0),
  /** Cents accrued for them and not yet released to a wallet (PENDING only). */
  held: minorUnitsSchema.min(0),
  /** When the current invite stops working (PENDING only). */
  inviteExpiresAt: z.iso.datetime({ offset: true }).nullable(),
  /** Whether the signed-in user is this participant. */
  isViewer: z.boolean(),
  /**
   * The owner only (false for anyone else): the address asked, through an invite mail's link, to be sent no more
   * invites by the owner, so this invite was not mailed; its link still works when handed over another way.
   */
  invitesOptedOut: z.boolean(),
});
export type SplitParticipant = z.infer<typeof splitParticipantSchema>;

/** One participant's share in a version, release-wide (`trackId` null) or for one track. */
export const splitShareSchema = /*#__PURE__*/ z.object({
  participantId: z.uuid(),
  trackId: z.string().nullable(),
  basisPoints: basisPointsSchema,
});
export type SplitShare = z.infer<typeof splitShareSchema>;

/** A version of the split: its shares and the first day they apply to. */
export const splitVersionSchema = /*#__PURE__*/ z.object({
  number: z.number().int().min(1),
  effectiveFrom: monthStartSchema,
  createdAt: z.iso.datetime({ offset: true }),
  shares: z.array(splitShareSchema),
});
export type SplitVersion = z.infer<typeof splitVersionSchema>;

/**
 * A cost to recoup before the shares apply (an advance, mixing, artwork): the release's owner share repays it to
 * the participant who paid, in order of creation, until `repaid` reaches `amount` (both cents).
 */
export const splitRecoupmentSchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  label: z.string(),
  paidByParticipantId: z.uuid(),
  amount: minorUnitsSchema.min(1),
  repaid: minorUnitsSchema.min(0),
});
export type SplitRecoupment = z.infer<typeof splitRecoupmentSchema>;

/** What a split gave one participant in one closed month: credited to their wallet, or held for them. */
export const splitPeriodEarningSchema = /*#__PURE__*/ z.object({
  periodId: z.uuid(),
  /** YYYY-MM. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  participantId: z.uuid(),
  amount: minorUnitsSchema.min(0),
});
export type SplitPeriodEarning = z.infer<typeof splitPeriodEarningSchema>;

export const splitTrackRefSchema = /*#__PURE__*/ z.object({
  id: z.string(),
  title: z.string(),
  position: z.number().int().min(1),
});

/** A split as its owner and participants see it: participants, the versions (newest first) and recoupments. */
export const splitSchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  album: splitAlbumRefSchema,
  tracks: z.array(splitTrackRefSchema),
  viewerRole: splitRoleSchema,
  participants: z.array(splitParticipantSchema),
  /** The version in force today, or the first one when none is in force yet. */
  currentVersion: z.number().int().min(1),
  versions: z.array(splitVersionSchema),
  recoupments: z.array(splitRecoupmentSchema),
  /** Each participant's part of each closed month, newest month first (months where they got nothing are left out). */
  earningsByPeriod: z.array(splitPeriodEarningSchema),
  /** The first day a new version may take effect: the first day of the earliest month not yet closed. */
  nextEffectiveFrom: monthStartSchema,
});
export type Split = z.infer<typeof splitSchema>;

/**
 * GET /v1/albums/{id}/splits: the release's split, or null with the date a first one would start. `takenDownAt`:
 * when the release was taken down (its split is closed: it can be read, not changed), else null.
 */
export const albumSplitSchema = /*#__PURE__*/ z.object({
  albumId: z.string(),
  split: splitSchema.nullable(),
  nextEffectiveFrom: monthStartSchema,
  takenDownAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AlbumSplit = z.infer<typeof albumSplitSchema>;

/** A row of GET /v1/splits. */
export const splitSummarySchema = /*#__PURE__*/ z.object({
  id: z.uuid(),
  album: splitAlbumRefSchema,
  viewerRole: splitRoleSchema,
  /** The viewer's release-wide share in the current version. */
  viewerBasisPoints: basisPointsSchema,
  viewerStatus: splitParticipantStatusSchema,
  /** What this split has given the viewer so far, in cents (credited or held). */
  viewerEarnings: minorUnitsSchema.min(0),
  participantCount: z.number().int().min(1),
  /** Participants (besides the owner) who have not answered yet. */
  pendingCount: z.number().int().min(0),
  effectiveFrom: monthStartSchema,
});
export type SplitSummary = z.infer<typeof splitSummarySchema>;
export const splitSummaryPageSchema = /*#__PURE__*/ paginatedSchema(splitSummarySchema);

export const splitListQuerySchema = /*#__PURE__*/ pageQuerySchema.extend({
  role: z.enum(['owner', 'participant']).optional(),
});
export type SplitListQuery = z.infer<typeof splitListQuerySchema>;

export const splitParamsSchema = /*#__PURE__*/ z.object({ id: z.uuid() });
export const splitParticipantParamsSchema = /*#__PURE__*/ z.object({ id: z.uuid(), participantId: z.uuid() });
export const splitInviteParamsSchema = /*#__PURE__*/ z.object({ code: z.string().trim().min(16).max(128) });

/** A participant other than the owner in PUT /v1/albums/{id}/splits, named by e-mail address. */
export const splitParticipantInputSchema = /*#__PURE__*/ z.object({
  email: emailAddressSchema,
  role: splitRoleLabelSchema,
  basisPoints: basisPointsSchema.min(1, 'a share must be more than 0 %'),
});
export type SplitParticipantInput = z.infer<typeof splitParticipantInputSchema>;

const sharesOf = (list: readonly { basisPoints: number }[]) =>
  list.reduce((sum, participant) => sum + participant.basisPoints, 0);

/** Shares of the others sum to at most the whole; each person appears once; the owner is not listed. */
function checkShares(
  participants: readonly SplitParticipantInput[],
  context: z.core.$RefinementCtx,
  path: (string | number)[],
) {
  if (sharesOf(participants) > BASIS_POINTS_WHOLE)
    context.addIssue({
      code: 'custom',
      path,
      message: 'the shares add up to more than 100 %',
    });
  const seen = new Set<string>();
  participants.forEach((participant, index) => {
    if (seen.has(participant.email))
      context.addIssue({
        code: 'custom',
        path: [...path, index, 'email'],
        message: 'this person is already on the split',
      });
    seen.add(participant.email);
  });
}

export const splitTrackOverrideInputSchema = /*#__PURE__*/ z
  .object({
    trackId: pathIdSchema,
    /** The others' shares for this track; people not on the release-wide list may appear here. */
    participants: z.array(splitParticipantInputSchema).max(MAX_SPLIT_PARTICIPANTS - 1),
  })
  .superRefine((track, context) => checkShares(track.participants, context, ['participants']));

export const splitRecoupmentInputSchema = /*#__PURE__*/ z.object({
  /** An existing recoupment keeps its id (and what was repaid); a new one has none. */
  id: z.uuid().optional(),
  label: z.string().trim().min(1).max(80),
  /** The e-mail of the participant who paid, or null for the owner. */
  paidByEmail: emailAddressSchema.nullable(),
  amount: minorUnitsSchema.min(1).max(100_000_000),
});

/**
 * PUT /v1/albums/{id}/splits: the whole split as it should be from `effectiveFrom` on. The owner is implied and
 * holds the remainder. Participants whose share does not change keep their status; new or changed ones are
 * (re-)invited.
 */
export const splitPutBodySchema = /*#__PURE__*/ z
  .object({
    effectiveFrom: monthStartSchema,
    participants: z.array(splitParticipantInputSchema).max(MAX_SPLIT_PARTICIPANTS - 1),
    tracks: z.array(splitTrackOverrideInputSchema).default([]),
    recoupments: z.array(splitRecoupmentInputSchema).default([]),
  })
  .superRefine((body, context) => {
    checkShares(body.participants, context, ['participants']);
    const tracks = new Set<string>();
    body.tracks.forEach((track, index) => {
      if (tracks.has(track.trackId))
        context.addIssue({
          code: 'custom',
          path: ['tracks', index, 'trackId'],
          message: 'this track already has its own shares',
        });
      tracks.add(track.trackId);
    });
  });
export type SplitPutBody = z.input<typeof splitPutBodySchema>;

/** A link the owner can copy and send; shown once, when the invite is made or re-sent. */
export const splitInviteLinkSchema = /*#__PURE__*/ z.object({
  participantId: z.uuid(),
  email: z.string(),
  url: z.string(),
});
export type SplitInviteLink = z.infer<typeof splitInviteLinkSchema>;

/** POST /v1/splits/invite-opt-outs: the token from an invite mail's "no more invites from this sender" link. */
export const splitInviteOptOutRequestSchema = /*#__PURE__*/ z.object({
  token: z
    .string()
    .min(1)
    .max(512)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'an opt-out token from an invite mail'),
});
export type SplitInviteOptOutRequest = z.infer<typeof splitInviteOptOutRequestSchema>;

/** The sender whose invites the address will no longer be mailed (their display name, as the mail gave it). */
export const splitInviteOptOutSchema = /*#__PURE__*/ z.object({
  senderName: z.string(),
});
export type SplitInviteOptOut = z.infer<typeof splitInviteOptOutSchema>;

export const splitPutResultSchema = /*#__PURE__*/ z.object({
  split: splitSchema,
  invites: z.array(splitInviteLinkSchema),
});
export type SplitPutResult = z.infer<typeof splitPutResultSchema>;

/** GET /v1/splits/invites/{code}: what the invitee is asked to accept. */
export const splitInviteSchema = /*#__PURE__*/ z.object({
  splitId: z.uuid(),
  participantId: z.uuid(),
  album: splitAlbumRefSchema,
  tracks: z.array(
    splitTrackRefSchema.extend({
      /** The invitee's share of this track (its own shares, or the release-wide one). */
      basisPoints: basisPointsSchema,
    }),
  ),
  ownerName: z.string(),
  role: z.string(),
  basisPoints: basisPointsSchema,
  effectiveFrom: monthStartSchema,
  status: splitParticipantStatusSchema,
  expiresAt: z.iso.datetime({ offset: true }),
  expired: z.boolean(),
  /** Cents already held for the invitee, released to their wallet on acceptance. */
  held: minorUnitsSchema.min(0),
});
export type SplitInvite = z.infer<typeof splitInviteSchema>;

/** After accept, decline or revoke: the participant's new status and what moved. */
export const splitInviteAnswerSchema = /*#__PURE__*/ z.object({
  status: splitParticipantStatusSchema,
  splitId: z.uuid(),
  /** Cents moved from the held account: to the invitee's wallet on acceptance, back to the owner otherwise. */
  released: minorUnitsSchema.min(0),
});
export type SplitInviteAnswer = z.infer<typeof splitInviteAnswerSchema>;
