/**
 * Teltonika IO elements as Traccar 6 names them (TeltonikaProtocolDecoder): ignition, motion, power
 * and battery volts, odometer, alarms and the rest; an element it does not name is kept as `io<id>`.
 * Some elements mean different things on different model families, so a rule may hold only for a
 * family. A device whose model is not recorded is read as the FMB family, Teltonika's current
 * vehicle line (Traccar, knowing no model, would keep those elements as raw `io<id>` values).
 */
import type { DecodedPosition } from '../position';
import { KNOTS_PER_KPH } from './osmand-decoder';

type ModelTest = (model: string | null) => boolean;

const any: ModelTest = () => true;
const fmb: ModelTest = (m) => m === null || /^(FM[B-Z]...|MTB100|MSP500)$/.test(m);
const fmb6: ModelTest = (m) => m !== null && /^FM.6..$/.test(m);
const fmbNot6: ModelTest = (m) => fmb(m) && !fmb6(m);
const fmbOrTat: ModelTest = (m) => fmb(m) || (m !== null && /^T.T...$/.test(m));

type Apply = (value: Buffer, position: DecodedPosition) => void;

interface IoRule {
  when: ModelTest;
  apply: Apply;
}

const RULES = new Map<number, IoRule[]>();

function rule(id: number, when: ModelTest, apply: Apply) {
  RULES.set(id, [...(RULES.get(id) ?? []), { when, apply }]);
}

const u8 = (b: Buffer) => b.readUInt8(0);
const i8 = (b: Buffer) => b.readInt8(0);
const u16 = (b: Buffer) => b.readUInt16BE(0);
const i16 = (b: Buffer) => b.readInt16BE(0);
const u32 = (b: Buffer) => b.readUInt32BE(0);
const i32 = (b: Buffer) => b.readInt32BE(0);

/** Sets one attribute from the value read. */
const set =
  (key: string, read: (b: Buffer) => unknown): Apply =>
  (b, p) => {
    p.attributes[key] = read(b);
  };

/** Traccar's addAlarm: a second alarm in one record is appended after a comma. */
export function addAlarm(position: DecodedPosition, alarm: string | null) {
  if (!alarm) return;
  const current = position.attributes.alarm;
  position.attributes.alarm = typeof current === 'string' && current ? `${current},${alarm}` : alarm;
}

const alarmWhenSet =
  (alarm: string): Apply =>
  (b, p) =>
    addAlarm(p, u8(b) > 0 ? alarm : null);

for (const n of [1, 2, 3, 4])
  rule(
    n,
    any,
    set(`in${n}`, (b) => u8(b) > 0),
  );
rule(
  9,
  fmb,
  set('adc1', (b) => u16(b) / 1000),
);
rule(
  10,
  fmb,
  set('adc2', (b) => u16(b) / 1000),
);
rule(
  11,
  fmb,
  set('iccid', (b) => b.readBigInt64BE(0).toString()),
);
rule(
  12,
  fmb,
  set('fuelUsed', (b) => u32(b) / 1000),
);
rule(
  13,
  fmb,
  set('fuelConsumption', (b) => u16(b) / 100),
);
rule(16, any, set('odometer', u32));
rule(17, any, set('axisX', i16));
rule(18, any, set('axisY', i16));
rule(19, any, set('axisZ', i16));
rule(21, any, set('rssi', u8));
rule(24, fmb, (b, p) => {
  p.speed = u16(b) * KNOTS_PER_KPH;
});
for (const n of [1, 2, 3, 4])
  rule(
    24 + n,
    any,
    set(`bleTemp${n}`, (b) => i16(b) / 100),
  );
rule(30, fmb, set('faultCount', u8));
rule(31, fmb, set('engineLoad', u8));
rule(32, fmb, set('coolantTemp', i8));
rule(36, fmb, set('rpm', u16));
rule(43, fmb, set('milDistance', u16));
rule(57, fmb, set('hybridBatteryLevel', i8));
rule(
  66,
  any,
  set('power', (b) => u16(b) / 1000),
);
rule(
  67,
  any,
  set('battery', (b) => u16(b) / 1000),
);
rule(
  68,
  fmb,
  set('batteryCurrent', (b) => u16(b) / 1000),
);
for (const n of [1, 2, 3, 4])
  rule(
    71 + n,
    fmb,
    set(`temp${n}`, (b) => i32(b) / 10),
  );
rule(78, any, (b, p) => {
  // An iButton key, little-endian on the wire, shown as 16 hex digits; zero means no key.
  const key = b.readBigUInt64LE(0);
  if (key !== 0n) p.attributes.driverUniqueId = key.toString(16).toUpperCase().padStart(16, '0');
});
rule(80, fmbNot6, set('dataMode', u8));
rule(81, fmbNot6, set('obdSpeed', u8));
rule(82, fmbNot6, set('throttle', u8));
rule(
  83,
  fmbNot6,
  set('fuelUsed', (b) => u32(b) / 10),
);
rule(
  84,
  fmbNot6,
  set('fuel', (b) => u16(b) / 10),
);
rule(85, fmbNot6, set('rpm', u16));
rule(87, fmbNot6, set('obdOdometer', u32));
rule(89, fmbNot6, set('fuelLevel', u8));
rule(
  107,
  fmb,
  set('fuelUsed', (b) => u32(b) / 10),
);
rule(
  110,
  fmb,
  set('fuelConsumption', (b) => u16(b) / 10),
);
rule(113, fmb, set('batteryLevel', u8));
rule(
  115,
  fmb,
  set('engineTemp', (b) => i16(b) / 10),
);
rule(
  389,
  (m) => m === 'FMB003',
  set('obdOdometer', (b) => u32(b) * 1000),
);
for (const n of [1, 2, 3, 4])
  rule(
    700 + n,
    fmb6,
    set(`bleTemp${n}`, (b) => i16(b) / 10),
  );
rule(
  179,
  any,
  set('out1', (b) => u8(b) > 0),
);
rule(
  180,
  any,
  set('out2', (b) => u8(b) > 0),
);
rule(
  181,
  any,
  set('pdop', (b) => u16(b) / 10),
);
rule(
  182,
  any,
  set('hdop', (b) => u16(b) / 10),
);
rule(199, any, set('tripOdometer', u32));
rule(200, fmb, set('sleepMode', u8));
rule(205, fmbOrTat, set('cid2g', u16));
rule(206, fmbOrTat, set('lac', u16));
rule(236, any, alarmWhenSet('general'));
rule(
  239,
  any,
  set('ignition', (b) => u8(b) > 0),
);
rule(
  240,
  any,
  set('motion', (b) => u8(b) > 0),
);
rule(241, any, set('operator', u32));
rule(246, fmb, alarmWhenSet('tow'));
rule(247, fmb, alarmWhenSet('accident'));
rule(249, fmb, alarmWhenSet('jamming'));
rule(251, fmb, alarmWhenSet('idle'));
rule(252, fmb, alarmWhenSet('powerCut'));
rule(253, any, (b, p) =>
  addAlarm(p, ({ 1: 'hardAcceleration', 2: 'hardBraking', 3: 'hardCornering' } as Record<number, string>)[u8(b)] ?? null),
);
rule(175, fmb, (b, p) => addAlarm(p, u8(b) > 0 ? 'geofenceEnter' : 'geofenceExit'));
rule(636, fmbOrTat, set('cid4g', u32));
rule(
  662,
  fmb,
  set('door', (b) => u8(b) > 0),
);
for (let n = 0; n < 6; n++)
  rule(
    10644 + n,
    fmb,
    set(`tempProbe${n + 1}`, (b) => i16(b) / 100),
  );
for (let n = 0; n < 4; n++)
  rule(
    10800 + n,
    fmb,
    set(`eyeTemp${n + 1}`, (b) => i16(b) / 100),
  );
for (let n = 0; n < 4; n++) rule(10832 + n, fmb, set(`eyeRoll${n + 1}`, i16));

/** An element no rule names, as Traccar keeps it: unsigned for 1, 2 and 4 bytes, signed for 8. */
function rawValue(value: Buffer): number | string {
  switch (value.length) {
    case 1:
      return u8(value);
    case 2:
      return u16(value);
    case 4:
      return u32(value);
    default: {
      const n = value.readBigInt64BE(0);
      // Past 2^53 a number would silently lose digits: such a value is kept as its decimal text.
      return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n.toString();
    }
  }
}

/** Applies one fixed-size IO element (1, 2, 4 or 8 bytes) to the position. */
export function applyIoElement(position: DecodedPosition, id: number, value: Buffer, model: string | null) {
  const matching = RULES.get(id)?.find((r) => r.when(model));
  if (matching) {
    try {
      matching.apply(value, position);
      return;
    } catch (error) {
      // A value shorter than the element's documented size: kept raw rather than misread.
      if (!(error instanceof RangeError)) throw error;
    }
  }
  position.attributes[`io${id}`] = rawValue(value);
}

/** Applies one variable-length element (codec 8 Extended): VIN and trouble codes by name, the rest as hex. */
export function applyVariableIoElement(position: DecodedPosition, id: number, value: Buffer) {
  if (id === 256 || id === 325) position.attributes.vin = value.toString('latin1');
  else if (id === 281) position.attributes.dtcs = value.toString('latin1').replaceAll(',', ' ');
  else position.attributes[`io${id}`] = value.toString('hex');
}

/** Traccar turns the cell elements into a network description, leaving no raw cell keys behind. */
export function collectNetwork(position: DecodedPosition) {
  const a = position.attributes;
  const cid2g = a.cid2g as number | undefined;
  const cid4g = a.cid4g as number | undefined;
  const lac = a.lac as number | undefined;
  delete a.cid2g;
  delete a.cid4g;
  delete a.lac;
  if (lac === undefined || (cid2g === undefined && cid4g === undefined)) return;
  const operator = typeof a.operator === 'number' && a.operator >= 1000 ? a.operator : undefined;
  a.network = {
    ...(cid2g === undefined ? { radioType: 'lte' } : {}),
    cellTowers: [{ locationAreaCode: lac, cellId: cid2g ?? cid4g, ...(operator !== undefined ? { operator } : {}) }],
  };
}
