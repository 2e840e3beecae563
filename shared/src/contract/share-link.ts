/**
 * Share links (tracking spec 2 "Share" tab, 3 Share link, 7 Assets; issue 19 item 7): a link that
 * shows one asset's live position to anyone holding it, signed out, until it expires or is revoked.
 *
 * The spec's fields: on create `assetShareId` is the asset shared; on update `assetInfoId` is the
 * link changed (an asset may have several links, so the asset alone would not say which). `status`
 * is `active` or `revoked`; `expired` is derived from `expireDate` and is never sent.
 *
 * The token is 32 random bytes (base64url, 43 characters). The server keeps only its SHA-256, so the
 * token (and the link built on it) is answered once, by the create call: a lost link is replaced by
 * a new one, never shown again.
 */
import { z } from 'zod';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { dateTimeSchema } from './activity';
import { idSchema } from '../validation';

export const SHARE_LINK_LIMITS = {
  /** A link lives at most this long from the moment it is made or changed. */
  maxDays: 90,
  /** The shared page asks again this often (no socket: the socket needs sign-in). */
  refreshMs: 10_000,
} as const;

export const SHARE_LINK_STATUSES = ['active', 'revoked'] as const;
/** What a link is now: `expired` once its expiry has passed, whatever its stored status. */
export const SHARE_LINK_STATES = ['active', 'revoked', 'expired'] as const;
export type ShareLinkState = (typeof SHARE_LINK_STATES)[number];

const DAY_MS = 86_400_000;

export const SHARE_LINK_MESSAGES = {
  expirePast: 'The expiry must be in the future.',
  expireTooFar: `A share link lasts at most ${SHARE_LINK_LIMITS.maxDays} days.`,
  status: `A status is one of: ${SHARE_LINK_STATUSES.join(', ')}.`,
  revokedStays: 'A revoked link stays revoked: make a new one.',
  nothingToChange: 'Give a new expiry or the status revoked.',
  expired: 'This share link has expired.',
  notFound: 'This share link does not exist or was revoked.',
  token: 'A share link token is 43 letters, digits, dashes or underscores.',
} as const;

/** The expiry of a link: an instant after now and at most maxDays ahead (checked when the call is read). */
export const shareLinkExpirySchema = dateTimeSchema
  .refine((d) => d.getTime() > Date.now(), SHARE_LINK_MESSAGES.expirePast)
  .refine((d) => d.getTime() <= Date.now() + SHARE_LINK_LIMITS.maxDays * DAY_MS, SHARE_LINK_MESSAGES.expireTooFar);

const statusSchema = z.enum(SHARE_LINK_STATUSES, { error: SHARE_LINK_MESSAGES.status });

/** POST /geo/asset/share-links: a new link to the asset `assetShareId`. Only an active link can be made. */
export const shareLinkCreateSchema = z.object({
  expireDate: shareLinkExpirySchema,
  assetShareId: idSchema,
  status: z.literal('active', { error: 'A new link is active.' }).default('active'),
});
export type ShareLinkCreate = z.infer<typeof shareLinkCreateSchema>;

/** PUT /geo/asset/share-links: a new expiry for the link `assetInfoId`, or `status: 'revoked'` to end it now. */
export const shareLinkUpdateSchema = z
  .object({
    assetInfoId: idSchema,
    expireDate: shareLinkExpirySchema.optional(),
    status: statusSchema.optional(),
  })
  .refine((b) => b.expireDate !== undefined || b.status !== undefined, {
    message: SHARE_LINK_MESSAGES.nothingToChange,
    path: ['expireDate'],
  });
export type ShareLinkUpdate = z.infer<typeof shareLinkUpdateSchema>;

export const shareTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, SHARE_LINK_MESSAGES.token);
export const shareTokenParamsSchema = z.object({ token: shareTokenSchema });

// Answers

/** A link as the asset's Share tab lists it: never its token. */
export interface ShareLink {
  id: string;
  assetId: string;
  assetName: string;
  expireDate: string;
  status: ShareLinkState;
  createdByName: string | null;
  dateCreated: string;
  revokedAt: string | null;
  lastOpenedAt: string | null;
  openCount: number;
}

/** The create call's answer: the link, its token and the address of its page, shown this once. */
export interface ShareLinkCreated extends ShareLink {
  token: string;
  url: string;
}

/**
 * GET /public/share/{token}: all the shared page may know. No ids (of the asset, its devices or
 * tenant), no telemetry: the asset's display name, where it last was and when, and the link's expiry.
 */
export interface SharedAssetPosition {
  latitude: number;
  longitude: number;
  /** km/h, rounded. */
  speedKmh: number;
  /** Degrees from north. */
  course: number;
  fixTime: string;
  address: string | null;
}

/** The tiles the shared page's map draws: those the sharing tenant's own maps draw (no signed-in config call). */
export interface SharedMapTiles {
  mapTileUrl: string;
  mapAttribution: string;
  mapPmtilesUrl?: string | null;
}

export interface SharedAsset {
  name: string;
  position: SharedAssetPosition | null;
  /** Heard from within the device timeout. */
  online: boolean;
  expireDate: string;
  /** The sharing tenant's IANA time zone, for showing when the position was taken. */
  timeZone: string;
  map: SharedMapTiles;
}

const shareLinkShape = {
  id: answerId,
  assetId: answerId,
  assetName: z.string(),
  expireDate: answerInstant,
  status: z.enum(SHARE_LINK_STATES),
  createdByName: z.string().nullable(),
  dateCreated: answerInstant,
  revokedAt: answerInstant.nullable(),
  lastOpenedAt: answerInstant.nullable(),
  openCount: answerCount,
};

export const shareLinkSchema: z.ZodType<ShareLink> = z.strictObject(shareLinkShape).meta({ id: 'ShareLink' });

export const shareLinkCreatedSchema: z.ZodType<ShareLinkCreated> = z
  .strictObject({ ...shareLinkShape, token: shareTokenSchema, url: z.string() })
  .meta({ id: 'ShareLinkCreated' });

export const sharedAssetSchema: z.ZodType<SharedAsset> = z
  .strictObject({
    name: z.string(),
    position: z
      .strictObject({
        latitude: z.number(),
        longitude: z.number(),
        speedKmh: z.number(),
        course: z.number(),
        fixTime: answerInstant,
        address: z.string().nullable(),
      })
      .nullable(),
    online: z.boolean(),
    expireDate: answerInstant,
    timeZone: z.string(),
    map: z.strictObject({ mapTileUrl: z.string(), mapAttribution: z.string(), mapPmtilesUrl: z.string().nullable().optional() }),
  })
  .meta({ id: 'SharedAsset' });
