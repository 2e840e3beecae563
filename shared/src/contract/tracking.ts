/** Agent actions, user positions, device registration, error log and stats (platform 7.3-7.6, sales 7). */
import { z } from 'zod';
import { idSchema, isValidPosition } from '../validation';
import { MESSAGES } from '../messages';

export const agentActionSchema = z.object({
  action: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  accuracy: z.number().min(0).nullable().optional(),
  location: z.string().max(300).nullable().optional(),
  entityId: idSchema.nullable().optional(),
  entityType: z.string().max(60).nullable().optional(),
});
export interface AgentAction {
  Id: string;
  action: number;
  performedByUserId: string;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  location: string | null;
  entityId: string | null;
  entityType: string | null;
  dateCreated: string;
}

export const userPositionSchema = z.object({
  id: idSchema.optional(),
  userId: idSchema,
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().min(0).nullable().optional(),
  entityId: idSchema.nullable().optional(),
  entityType: z.string().trim().min(1).max(60).default('user_position'),
  deviceTime: z.coerce.date(),
  serverTime: z.coerce.date().optional(),
  battery: z.number().min(0).max(100).default(0),
}).superRefine((p, ctx) => {
  // The 999 placeholder means "no fix"; it gets the spec's own message rather than a range error.
  if (!isValidPosition(p.latitude, p.longitude)) ctx.addIssue({ code: 'custom', path: ['latitude'], message: MESSAGES.noPosition });
  else {
    if (Math.abs(p.latitude) > 90) ctx.addIssue({ code: 'custom', path: ['latitude'], message: 'Latitude is between -90 and 90.' });
    if (Math.abs(p.longitude) > 180) ctx.addIssue({ code: 'custom', path: ['longitude'], message: 'Longitude is between -180 and 180.' });
  }
});
export interface UserPosition {
  id: string; userId: string; latitude: number; longitude: number; accuracy: number | null;
  entityId: string | null; entityType: string; deviceTime: string; serverTime: string; battery: number;
}

export const registerDeviceSchema = z.object({ token: z.string().trim().min(10).max(4096), platform: z.string().max(20).optional() });

export const errorLogSchema = z.object({
  entityId: z.string().max(100).nullable().optional(),
  entityType: z.string().max(60).nullable().optional(),
  errorDetail: z.string().min(1).max(20000),
});
export interface ErrorLog { Id: string; userId: string | null; entityId: string | null; entityType: string | null; errorDetail: string; dateCreated: string }

export interface Stats { assignedActivities: number; unassignedActivities: number; assignedAgents: number; unassignedAgents: number }
export const ZERO_STATS: Stats = { assignedActivities: 0, unassignedActivities: 0, assignedAgents: 0, unassignedAgents: 0 };
