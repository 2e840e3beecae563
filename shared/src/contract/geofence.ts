/**
 * Geofences and points of interest (tracking spec 3, 7 Geofences): zones a device is tested against
 * (type 'geofence', raising enter and exit events for the devices linked to them) and points of
 * interest (type 'poi': the same shapes, listed apart, raising no events).
 *
 * A shape is GeoJSON geometry, positions as [longitude, latitude] (GeoJSON's order):
 * - polygon: a `Polygon`: its outer ring, then any holes, each closed and of at least 4 positions
 *   (3 corners and the first again);
 * - circle: a `Point` (the centre) with `radius` metres;
 * - corridor: a `LineString` of at least 2 positions with `width` metres (the corridor's full width).
 * The server keeps each shape's bounding box (with the radius or half the width around it) so that a
 * position is tested only against the fences whose box holds it.
 */
import { z } from 'zod';
import { answerCount, answerId, answerInstant } from './answer-fields';
import { geoAttributesSchema, geoListQuerySchema, optionalText, owningTenantIdSchema, requiredText } from './geo-list';
import { idSchema } from '../validation';

export const GEOFENCE_TYPES = ['geofence', 'poi'] as const;
export type GeofenceType = (typeof GEOFENCE_TYPES)[number];
export const GEOFENCE_SHAPES = ['polygon', 'circle', 'corridor'] as const;
export type GeofenceShape = (typeof GEOFENCE_SHAPES)[number];

export const GEOFENCE_LIMITS = {
  nameMaxLength: 100,
  descriptionMaxLength: 1000,
  /** Positions of a polygon (all its rings) or a corridor's line. */
  maxPositions: 5000,
  /** A polygon's outer ring and its holes. */
  maxRings: 50,
  /** A circle's radius, metres: up to 100 km. */
  maxRadius: 100_000,
  /** A corridor's full width, metres: up to 10 km. */
  maxWidth: 10_000,
} as const;

export type LonLat = [longitude: number, latitude: number];
export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: LonLat[][];
}
export interface PointGeometry {
  type: 'Point';
  coordinates: LonLat;
}
export interface LineStringGeometry {
  type: 'LineString';
  coordinates: LonLat[];
}
export type GeofenceGeometry = PolygonGeometry | PointGeometry | LineStringGeometry;

/** The shape a geometry makes. */
export const shapeOf = (geometry: GeofenceGeometry): GeofenceShape =>
  geometry.type === 'Polygon' ? 'polygon' : geometry.type === 'Point' ? 'circle' : 'corridor';

const MESSAGE = {
  position: 'A position is [longitude, latitude].',
  longitude: 'A longitude is between -180 and 180.',
  latitude: 'A latitude is between -90 and 90.',
  rings: 'A polygon is a list of rings: its outer ring, then any holes.',
  ring: 'A ring is a list of positions.',
  tooManyRings: `A polygon has at most ${GEOFENCE_LIMITS.maxRings} rings.`,
  ringSize: 'A polygon needs at least 3 corners: 4 positions, the last the same as the first.',
  ringClosed: 'A polygon ring is closed: its last position is the same as its first.',
  corners: 'A polygon needs at least 3 different corners.',
  line: 'A corridor line needs at least 2 positions.',
  lineLength: 'A corridor line needs at least 2 different positions.',
  tooMany: `A shape has at most ${GEOFENCE_LIMITS.maxPositions} positions.`,
  radius: `A circle needs a radius in metres, more than 0 and at most ${GEOFENCE_LIMITS.maxRadius}.`,
  width: `A corridor needs a width in metres, more than 0 and at most ${GEOFENCE_LIMITS.maxWidth}.`,
  radiusOnly: 'A radius is for a circle (a Point) only.',
  widthOnly: 'A width is for a corridor (a LineString) only.',
  geometry:
    'Give the shape as GeoJSON geometry: a Polygon, a Point (a circle with its radius) or a LineString (a corridor with its width).',
} as const;

/** [longitude, latitude] in range; a third number (altitude) is accepted and dropped. */
const positionSchema = z
  .array(z.number({ error: MESSAGE.position }), { error: MESSAGE.position })
  .min(2, MESSAGE.position)
  .max(3, MESSAGE.position)
  .superRefine((p, ctx) => {
    if (Math.abs(p[0]!) > 180) ctx.addIssue({ code: 'custom', path: [0], message: MESSAGE.longitude });
    if (Math.abs(p[1]!) > 90) ctx.addIssue({ code: 'custom', path: [1], message: MESSAGE.latitude });
  })
  .transform((p): LonLat => [p[0]!, p[1]!]);

const samePosition = (a: LonLat, b: LonLat) => a[0] === b[0] && a[1] === b[1];
const distinctCount = (positions: LonLat[]) => new Set(positions.map(([lon, lat]) => `${lon},${lat}`)).size;

const ringSchema = z
  .array(positionSchema, { error: MESSAGE.ring })
  .min(4, MESSAGE.ringSize)
  .max(GEOFENCE_LIMITS.maxPositions, MESSAGE.tooMany)
  .superRefine((ring, ctx) => {
    // Zod runs this refinement even when the ring is already too short; the size message says it all.
    if (ring.length < 4) return;
    if (!samePosition(ring[0]!, ring[ring.length - 1]!)) ctx.addIssue({ code: 'custom', message: MESSAGE.ringClosed });
    else if (distinctCount(ring) < 3) ctx.addIssue({ code: 'custom', message: MESSAGE.corners });
  });

const polygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z
    .array(ringSchema, { error: MESSAGE.rings })
    .min(1, MESSAGE.rings)
    .max(GEOFENCE_LIMITS.maxRings, MESSAGE.tooManyRings)
    .refine((rings) => rings.flat().length <= GEOFENCE_LIMITS.maxPositions, MESSAGE.tooMany),
});
const pointSchema = z.object({ type: z.literal('Point'), coordinates: positionSchema });
const lineStringSchema = z.object({
  type: z.literal('LineString'),
  coordinates: z
    .array(positionSchema, { error: MESSAGE.line })
    .min(2, MESSAGE.line)
    .max(GEOFENCE_LIMITS.maxPositions, MESSAGE.tooMany)
    .refine((line) => distinctCount(line) >= 2, MESSAGE.lineLength),
});

export const geofenceGeometrySchema = z.discriminatedUnion('type', [polygonSchema, pointSchema, lineStringSchema], {
  error: MESSAGE.geometry,
});

const metres = z.number({ error: 'A distance in metres is a number.' }).nullable().optional();

/**
 * POST /geo/fences (a fence or a point of interest, by `type`; 'geofence' when left out) and PUT
 * /geo/fences/{id}, /geo/fences/poi/{id}.
 */
export const geofenceSaveSchema = z
  .object({
    name: requiredText(GEOFENCE_LIMITS.nameMaxLength, 'A geofence name'),
    description: optionalText(GEOFENCE_LIMITS.descriptionMaxLength, 'A description'),
    type: z.enum(GEOFENCE_TYPES, { error: "The type is 'geofence' or 'poi'." }).default('geofence'),
    geometry: geofenceGeometrySchema,
    radius: metres,
    width: metres,
    attributes: geoAttributesSchema.default({}),
    tenantId: owningTenantIdSchema,
  })
  .superRefine((g, ctx) => {
    const kind = g.geometry.type;
    const inRange = (v: number | null | undefined, max: number) => typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= max;
    if (kind === 'Point' && !inRange(g.radius, GEOFENCE_LIMITS.maxRadius))
      ctx.addIssue({ code: 'custom', path: ['radius'], message: MESSAGE.radius });
    if (kind !== 'Point' && g.radius != null) ctx.addIssue({ code: 'custom', path: ['radius'], message: MESSAGE.radiusOnly });
    if (kind === 'LineString' && !inRange(g.width, GEOFENCE_LIMITS.maxWidth))
      ctx.addIssue({ code: 'custom', path: ['width'], message: MESSAGE.width });
    if (kind !== 'LineString' && g.width != null) ctx.addIssue({ code: 'custom', path: ['width'], message: MESSAGE.widthOnly });
  })
  .transform((g) => ({
    ...g,
    geometry: g.geometry as GeofenceGeometry,
    radius: g.geometry.type === 'Point' ? g.radius! : null,
    width: g.geometry.type === 'LineString' ? g.width! : null,
  }));
export type GeofenceSave = z.infer<typeof geofenceSaveSchema>;
export type GeofenceSaveInput = z.input<typeof geofenceSaveSchema>;

/**
 * GET /geo/fences and /geo/fences/poi: paged (default sort name DESC, spec 9), searched on name and
 * description; with `deviceId`, only the fences linked to that device (spec: "fences of a device").
 */
export const geofenceListQuerySchema = geoListQuerySchema.extend({ deviceId: idSchema.optional() });
export type GeofenceListQuery = z.infer<typeof geofenceListQuerySchema>;
export const GEOFENCE_SORT_FIELDS = ['name', 'dateCreated', 'dateModified', 'shape', 'tenantName'] as const;

// Answers

/** The shape's bounding box, with the radius or half width around it. */
export interface GeofenceBounds {
  minLat: number;
  minLon: number;
  maxLat: number;
  maxLon: number;
}

export interface Geofence {
  id: string;
  name: string;
  description: string | null;
  type: GeofenceType;
  shape: GeofenceShape;
  geometry: GeofenceGeometry;
  /** Metres, for a circle; null otherwise. */
  radius: number | null;
  /** Metres (full width), for a corridor; null otherwise. */
  width: number | null;
  bounds: GeofenceBounds;
  attributes: Record<string, unknown>;
  /** Devices linked to it (tested against it). */
  deviceCount: number;
  tenantId: string;
  tenantName: string;
  dateCreated: string;
  dateModified: string;
}

// The answers' schemas (api/src/http/route-answers.ts).

const lonLat = z.tuple([z.number(), z.number()]);
const geometryAnswerSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('Polygon'), coordinates: z.array(z.array(lonLat)) }),
  z.strictObject({ type: z.literal('Point'), coordinates: lonLat }),
  z.strictObject({ type: z.literal('LineString'), coordinates: z.array(lonLat) }),
]);

export const geofenceSchema: z.ZodType<Geofence> = z
  .strictObject({
    id: answerId,
    name: z.string(),
    description: z.string().nullable(),
    type: z.enum(GEOFENCE_TYPES),
    shape: z.enum(GEOFENCE_SHAPES),
    geometry: geometryAnswerSchema,
    radius: z.number().nullable(),
    width: z.number().nullable(),
    bounds: z.strictObject({ minLat: z.number(), minLon: z.number(), maxLat: z.number(), maxLon: z.number() }),
    attributes: z.record(z.string(), z.unknown()),
    deviceCount: answerCount,
    tenantId: answerId,
    tenantName: z.string(),
    dateCreated: answerInstant,
    dateModified: answerInstant,
  })
  .meta({ id: 'Geofence' });
