/**
 * The USSD channel (issue 21; spec routes /clients/ussd/*, the deregister call of spec 7 Clients): clients
 * dial the lender's service code from any phone and see their balance, next instalment and last payments
 * behind a PIN. The gateway speaks the common convention (Africa's Talking and others): each request
 * carries the session id, the service code, the phone number and everything typed so far joined by `*`;
 * the answer is plain text beginning `CON` (the session goes on) or `END` (it is over).
 */
import { z } from 'zod';
import { answerCount, answerDay, answerId, answerInstant } from './answer-fields';
import { pagingQuerySchema } from './paging';
import { idSchema } from '../validation';

export const USSD_LIMITS = {
  pinLength: 4,
  /** Wrong PINs in a row before the registration waits `lockMinutes`. */
  maxPinFailures: 3,
  lockMinutes: 15,
  /** What a gateway may send as the typed text (a session of a few dozen steps). */
  maxTextLength: 300,
  /** A phone number's digits compared between the gateway and the client's record: the national number. */
  comparedDigits: 9,
} as const;

export const USSD_CHOICES = ['balance', 'next-instalment', 'statement', 'change-pin', 'exit', 'invalid'] as const;
export type UssdChoice = (typeof USSD_CHOICES)[number];

/** What a session came to, when it ended. */
export const USSD_OUTCOMES = [
  'not-registered',
  'pin-set',
  'pin-mismatch',
  'pin-invalid',
  'wrong-pin',
  'locked',
  'balance',
  'next-instalment',
  'statement',
  'pin-changed',
  'exit',
] as const;
export type UssdOutcome = (typeof USSD_OUTCOMES)[number];
/** Outcomes where the client got what they dialled for. */
export const COMPLETED_OUTCOMES: readonly UssdOutcome[] = ['pin-set', 'balance', 'next-instalment', 'statement', 'pin-changed', 'exit'];

export const ussdGatewaySchema = z.object({
  sessionId: z.string().trim().min(1).max(100),
  serviceCode: z
    .string()
    .trim()
    .regex(/^[*#0-9]{2,20}$/, 'A service code is digits, * and # (for example *120*5#).'),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ]{7,20}$/, 'A phone number is 7 to 15 digits, with an optional leading +.'),
  text: z.string().max(USSD_LIMITS.maxTextLength).default(''),
  networkCode: z.string().max(20).optional(),
});
export type UssdGatewayRequest = z.infer<typeof ussdGatewaySchema>;

export const ussdClientSchema = z.strictObject({
  id: answerId,
  clientId: answerId,
  clientName: z.string(),
  phone: z.string(),
  status: z.enum(['active', 'deregistered']),
  pinSet: z.boolean(),
  locked: z.boolean(),
  registeredDate: answerInstant,
  lastSessionDate: answerInstant.nullable(),
  tenantId: answerId,
});
export type UssdClient = z.infer<typeof ussdClientSchema>;

export const ussdClientsQuerySchema = pagingQuerySchema.extend({ status: z.enum(['active', 'deregistered']).optional() });

export const ussdStepSchema = z.strictObject({
  seq: answerCount,
  /** What was typed at this step; a PIN is kept as asterisks. */
  input: z.string(),
  choice: z.enum(USSD_CHOICES).nullable(),
  reply: z.enum(['CON', 'END']),
  dateCreated: answerInstant,
});

export const ussdSessionSchema = z.strictObject({
  id: answerId,
  sessionId: z.string(),
  serviceCode: z.string(),
  phone: z.string(),
  clientName: z.string().nullable(),
  startedAt: answerInstant,
  lastStepAt: answerInstant,
  steps: answerCount,
  completed: z.boolean(),
  outcome: z.enum(USSD_OUTCOMES).nullable(),
  tenantId: answerId,
});
export type UssdSession = z.infer<typeof ussdSessionSchema>;
export const ussdSessionDetailsSchema = ussdSessionSchema.extend({ stepsTaken: z.array(ussdStepSchema) });

export const ussdSessionsQuerySchema = pagingQuerySchema.extend({ completed: z.enum(['true', 'false']).optional() });

export const ussdDashboardQuerySchema = z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() });
export const ussdDashboardSchema = z.strictObject({
  from: answerDay,
  to: answerDay,
  sessions: answerCount,
  completed: answerCount,
  /** Completed sessions per hundred, to one decimal (0 with no sessions). */
  completionPercent: z.number(),
  days: z.array(z.strictObject({ day: answerDay, sessions: answerCount, completed: answerCount })),
  topChoices: z.array(z.strictObject({ choice: z.enum(USSD_CHOICES), count: answerCount })),
});
export type UssdDashboard = z.infer<typeof ussdDashboardSchema>;

export const ussdClientIdParams = z.object({ id: idSchema });
