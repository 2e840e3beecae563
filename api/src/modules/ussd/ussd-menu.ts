/**
 * The USSD menu as a walk over the steps typed so far (the gateway sends them all on every request, so the
 * server keeps no session state of its own): the PIN set on a first dial, then the PIN asked on every
 * dial, then the main menu. What the walk needs from the database comes through `UssdDesk`, so the menu
 * reads the same whatever stores it.
 *
 * A wrong PIN counts only when it is the step just typed: earlier steps are replayed on every request.
 */
import { USSD_LIMITS, type UssdChoice, type UssdOutcome } from '@meridian/shared/contract/ussd';

export interface UssdCaller {
  firstName: string;
  /** False when no PIN is set yet (first dial, or after staff deregistered the old one). */
  hasPin: boolean;
  lockedForMinutes: number;
}

export interface UssdDesk {
  sellerName: string;
  serviceCode: string;
  caller: UssdCaller | null;
  pinMatches(pin: string): Promise<boolean>;
  /** Counts a wrong PIN; answers the tries left (0: now locked). */
  wrongPin(): Promise<number>;
  rightPin(): Promise<void>;
  setPin(pin: string): Promise<void>;
  balanceText(): Promise<string>;
  nextInstalmentText(): Promise<string>;
  statementText(): Promise<string>;
}

export interface UssdAnswer {
  reply: 'CON' | 'END';
  text: string;
  outcome: UssdOutcome | null;
  /** The menu choice the last step made, if it was one. */
  choice: UssdChoice | null;
  /** Whether the last step typed is a PIN (kept masked). */
  pinStep: boolean;
}

export const USSD_TEXT = {
  notRegistered: (seller: string) => `This number is not registered with ${seller}. Please visit your branch.`,
  choosePin: (seller: string) => `Welcome to ${seller}. Choose a ${USSD_LIMITS.pinLength}-digit PIN:`,
  repeatPin: 'Enter the PIN again:',
  pinInvalid: `A PIN is ${USSD_LIMITS.pinLength} digits. Please dial again.`,
  pinMismatch: 'The PINs did not match. Please dial again.',
  pinSet: (code: string) => `Your PIN is set. Dial ${code} again to see your loan.`,
  enterPin: (firstName: string) => `Welcome ${firstName}. Enter your PIN:`,
  wrongPin: (triesLeft: number) => `Wrong PIN. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
  locked: (minutes: number) => `Too many wrong PINs. Try again in ${minutes} minutes or visit your branch.`,
  menu: '1. Balance\n2. Next instalment\n3. Mini statement\n4. Change PIN\n0. Exit',
  invalidChoice: 'Invalid choice.',
  newPin: `Enter a new ${USSD_LIMITS.pinLength}-digit PIN:`,
  pinChanged: 'Your PIN is changed.',
  goodbye: 'Thank you. Goodbye.',
} as const;

type MenuChoice = Exclude<UssdChoice, 'invalid'>;
const MENU: Record<string, MenuChoice> = { '1': 'balance', '2': 'next-instalment', '3': 'statement', '4': 'change-pin', '0': 'exit' };
const isPin = (text: string) => new RegExp(`^\\d{${USSD_LIMITS.pinLength}}$`).test(text);

const end = (text: string, outcome: UssdOutcome, extra: Partial<UssdAnswer> = {}): UssdAnswer => ({
  reply: 'END',
  text,
  outcome,
  choice: null,
  pinStep: false,
  ...extra,
});
const con = (text: string, extra: Partial<UssdAnswer> = {}): UssdAnswer => ({
  reply: 'CON',
  text,
  outcome: null,
  choice: null,
  pinStep: false,
  ...extra,
});

/** The steps typed so far: the gateway's text split on `*` (nothing typed yet: no steps). */
export const stepsOf = (text: string) => (text === '' ? [] : text.split('*'));

/** A new PIN typed twice (first dial, or "Change PIN"): `steps` are what was typed since it was asked. */
async function newPin(desk: UssdDesk, steps: string[], asked: string, done: { text: string; outcome: UssdOutcome }): Promise<UssdAnswer> {
  const [first, second] = steps;
  if (first === undefined) return con(asked);
  if (!isPin(first)) return end(USSD_TEXT.pinInvalid, 'pin-invalid', { pinStep: true });
  if (second === undefined) return con(USSD_TEXT.repeatPin, { pinStep: true });
  if (second !== first) return end(USSD_TEXT.pinMismatch, 'pin-mismatch', { pinStep: true });
  await desk.setPin(first);
  return end(done.text, done.outcome, { pinStep: true });
}

async function mainMenu(desk: UssdDesk, steps: string[]): Promise<UssdAnswer> {
  let invalidBefore = false;
  for (let index = 0; index < steps.length; index++) {
    const choice = MENU[steps[index]!.trim()];
    const last = index === steps.length - 1;
    if (!choice) {
      if (last) return con(`${USSD_TEXT.invalidChoice}\n${USSD_TEXT.menu}`, { choice: 'invalid' });
      invalidBefore = true;
      continue;
    }
    if (choice === 'change-pin')
      return {
        ...(await newPin(desk, steps.slice(index + 1), USSD_TEXT.newPin, { text: USSD_TEXT.pinChanged, outcome: 'pin-changed' })),
        ...(last ? { choice } : {}),
      };
    if (choice === 'exit') return end(USSD_TEXT.goodbye, 'exit', { choice });
    const text =
      choice === 'balance'
        ? await desk.balanceText()
        : choice === 'next-instalment'
          ? await desk.nextInstalmentText()
          : await desk.statementText();
    return end(text, choice, { choice });
  }
  return con(invalidBefore ? `${USSD_TEXT.invalidChoice}\n${USSD_TEXT.menu}` : USSD_TEXT.menu);
}

export async function ussdAnswer(desk: UssdDesk, steps: string[]): Promise<UssdAnswer> {
  const { caller } = desk;
  if (!caller) return end(USSD_TEXT.notRegistered(desk.sellerName), 'not-registered');
  if (!caller.hasPin)
    return newPin(desk, steps, USSD_TEXT.choosePin(desk.sellerName), { text: USSD_TEXT.pinSet(desk.serviceCode), outcome: 'pin-set' });
  if (caller.lockedForMinutes > 0) return end(USSD_TEXT.locked(caller.lockedForMinutes), 'locked', { pinStep: steps.length === 1 });
  const [pin, ...rest] = steps;
  if (pin === undefined) return con(USSD_TEXT.enterPin(caller.firstName));
  const justTyped = rest.length === 0;
  if (!isPin(pin) || !(await desk.pinMatches(pin))) {
    if (!justTyped) return end(USSD_TEXT.wrongPin(USSD_LIMITS.maxPinFailures), 'wrong-pin');
    const left = await desk.wrongPin();
    return left > 0
      ? end(USSD_TEXT.wrongPin(left), 'wrong-pin', { pinStep: true })
      : end(USSD_TEXT.locked(USSD_LIMITS.lockMinutes), 'locked', { pinStep: true });
  }
  if (justTyped) {
    await desk.rightPin();
    return con(USSD_TEXT.menu, { pinStep: true });
  }
  return mainMenu(desk, rest);
}
