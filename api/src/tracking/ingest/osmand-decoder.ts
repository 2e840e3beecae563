/**
 * The OsmAnd protocol (what Traccar Client and most phone trackers speak), decoded as Traccar's
 * OsmAndProtocolDecoder does: a query string (GET, or POST with the query in the URL), a form body
 * (POST, application/x-www-form-urlencoded, read when the URL carries no parameters), or the JSON
 * body of newer Traccar Client versions (Content-Type application/json).
 */
import type { DecodedPosition } from '../position';

/** Input the protocol cannot mean: answered 400 with the message. */
export class OsmAndInputError extends Error {}

export interface OsmAndRequest {
  /** The request target: path and query string. */
  url: string;
  contentType: string | undefined;
  body: string;
}

export interface OsmAndMessage {
  /** The query and form forms answer an unknown device 400, the JSON form 404 (as Traccar). */
  form: 'query' | 'json';
  uniqueId: string;
  /** False when the request carried no coordinates: the device's last fix is reused (Traccar). */
  hasFix: boolean;
  position: DecodedPosition;
}

/** Traccar's knots per km/h and per m/s (UnitsConverter). */
export const KNOTS_PER_KPH = 0.539957;
export const KNOTS_PER_MPS = 1.94384;
/** Traccar's osmand.minAccuracy default: a JSON accuracy below it is not kept. */
const MIN_JSON_ACCURACY = 10;
/** Below Java's Integer.MAX_VALUE a numeric timestamp is seconds, at or above it milliseconds (Traccar). */
const SECONDS_LIMIT = 2_147_483_647;

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const PLAIN_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** A decimal number as Java's Double.parseDouble reads the usual forms; null when it is none. */
function decimalOf(value: string): number | null {
  const text = value.trim();
  if (!DECIMAL.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

function requiredDecimal(name: string, value: string): number {
  const n = decimalOf(value);
  if (n === null) throw new OsmAndInputError(`${name} must be a number`);
  return n;
}

function requiredInteger(name: string, value: string): number {
  const text = value.trim();
  if (!INTEGER.test(text) || !Number.isSafeInteger(Number(text))) throw new OsmAndInputError(`${name} must hold integers`);
  return Number(text);
}

/** A UTC instant from calendar fields, or null when a field is out of range (2024-02-30, 25:00). */
function utcInstant(fields: number[], offsetMinutes = 0): Date | null {
  const [year, month, day, hour, minute, second, ms] = fields as [number, number, number, number, number, number, number];
  const t = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const d = new Date(t);
  if (year < 1 || d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return new Date(t - offsetMinutes * 60_000);
}

/** ISO-8601 with an offset (Traccar's ISO_ZONED_DATE_TIME); without one the time is read as UTC. */
/** A position with nothing read yet: the decoders fill in what the report carries. */
function blankPosition(uniqueId: string, time: Date, valid: boolean): DecodedPosition {
  return {
    uniqueId,
    protocol: 'osmand',
    deviceTime: time,
    fixTime: time,
    valid,
    latitude: 0,
    longitude: 0,
    altitude: 0,
    speed: 0,
    course: 0,
    accuracy: 0,
    attributes: {},
  };
}

export function parseIsoTime(value: string): Date | null {
  const m = ISO_TIME.exec(value.trim());
  if (!m) return null;
  const fraction = m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0;
  let offset = 0;
  const zone = m[8]?.toUpperCase();
  if (zone && zone !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2) || '0');
    if (hours > 18 || minutes > 59) return null;
    offset = (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  return utcInstant([1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)).concat(fraction), offset);
}

/** Epoch seconds, epoch milliseconds, ISO-8601 or `yyyy-MM-dd HH:mm:ss` (UTC). */
export function parseTimestamp(value: string): Date {
  const text = value.trim();
  let date: Date | null;
  if (INTEGER.test(text)) {
    const n = Number(text);
    date = new Date(n < SECONDS_LIMIT ? n * 1000 : n);
  } else if (text.includes('T')) {
    date = parseIsoTime(text);
  } else {
    const m = PLAIN_TIME.exec(text);
    date = m ? utcInstant([1, 2, 3, 4, 5, 6].map((i) => Number(m[i])).concat(0)) : null;
  }
  if (!date || !Number.isFinite(date.getTime()) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999)
    throw new OsmAndInputError('timestamp must be epoch seconds or milliseconds, ISO-8601, or yyyy-MM-dd HH:mm:ss');
  return date;
}

function checkedLatitude(value: number): number {
  if (value < -90 || value > 90) throw new OsmAndInputError('lat must lie between -90 and 90');
  return value;
}

function checkedLongitude(value: number): number {
  if (value < -180 || value > 180) throw new OsmAndInputError('lon must lie between -180 and 180');
  return value;
}

/** An attribute value as Traccar keeps an unknown parameter: a number, a boolean, or the text. */
function attributeValue(value: string): number | boolean | string {
  const n = decimalOf(value);
  if (n !== null) return n;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

const javaBoolean = (value: string) => value.toLowerCase() === 'true';

/** Attribute names that would reach an object's prototype instead of a key of its own. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

interface CellTower {
  mobileCountryCode: number;
  mobileNetworkCode: number;
  locationAreaCode: number;
  cellId: number;
  signalStrength?: number;
}

interface WifiAccessPoint {
  macAddress: string;
  signalStrength: number;
}

function cellTowerOf(value: string): CellTower {
  const parts = value.split(',').map((part) => requiredInteger('cell', part));
  if (parts.length < 4) throw new OsmAndInputError('cell must be mcc,mnc,lac,cid[,rssi]');
  const [mcc, mnc, lac, cid, rssi] = parts as [number, number, number, number, number | undefined];
  return {
    mobileCountryCode: mcc,
    mobileNetworkCode: mnc,
    locationAreaCode: lac,
    cellId: cid,
    ...(parts.length > 4 ? { signalStrength: rssi! } : {}),
  };
}

function wifiOf(value: string): WifiAccessPoint {
  const [mac, rssi] = value.split(',');
  if (!mac || rssi === undefined) throw new OsmAndInputError('wifi must be mac,rssi');
  return { macAddress: mac.replaceAll('-', ':'), signalStrength: requiredInteger('wifi', rssi) };
}

function queryParameters(request: OsmAndRequest): URLSearchParams {
  const mark = request.url.indexOf('?');
  const query = new URLSearchParams(mark >= 0 ? request.url.slice(mark + 1) : '');
  return query.size > 0 ? query : new URLSearchParams(request.body);
}

function decodeQuery(request: OsmAndRequest, now: Date): OsmAndMessage {
  let uniqueId: string | null = null;
  let time: Date | null = null;
  let latitude: number | null = null;
  let longitude: number | null = null;
  const cellTowers: CellTower[] = [];
  const wifiAccessPoints: WifiAccessPoint[] = [];
  const position = blankPosition('', now, true);
  const attributes = position.attributes;

  for (const [key, value] of queryParameters(request)) {
    switch (key) {
      case 'id':
      case 'deviceid':
        uniqueId = value.trim();
        break;
      case 'notificationToken':
        // Traccar keeps it on the device for push commands, which this server does not send.
        break;
      case 'valid':
        position.valid = javaBoolean(value) || value === '1';
        break;
      case 'timestamp':
        time = parseTimestamp(value);
        break;
      case 'lat':
        latitude = checkedLatitude(requiredDecimal('lat', value));
        break;
      case 'lon':
        longitude = checkedLongitude(requiredDecimal('lon', value));
        break;
      case 'location': {
        const [lat, lon, ...rest] = value.split(',');
        if (lat === undefined || lon === undefined || rest.length) throw new OsmAndInputError('location must be lat,lon');
        latitude = checkedLatitude(requiredDecimal('location', lat));
        longitude = checkedLongitude(requiredDecimal('location', lon));
        break;
      }
      case 'cell':
        cellTowers.push(cellTowerOf(value));
        break;
      case 'wifi':
        wifiAccessPoints.push(wifiOf(value));
        break;
      case 'speed':
        position.speed = requiredDecimal('speed', value);
        break;
      case 'bearing':
      case 'heading':
        position.course = requiredDecimal(key, value);
        break;
      case 'altitude':
        position.altitude = requiredDecimal('altitude', value);
        break;
      case 'accuracy':
        position.accuracy = requiredDecimal('accuracy', value);
        break;
      case 'hdop':
        attributes.hdop = requiredDecimal('hdop', value);
        break;
      case 'batt':
        attributes.batteryLevel = requiredDecimal('batt', value);
        break;
      case 'driverUniqueId':
        attributes.driverUniqueId = value;
        break;
      case 'charge':
        attributes.charge = javaBoolean(value);
        break;
      default:
        if (!UNSAFE_KEYS.has(key)) attributes[key] = attributeValue(value);
    }
  }
  if (!uniqueId) throw new OsmAndInputError('id (or deviceid) is required');
  if ((latitude === null) !== (longitude === null)) throw new OsmAndInputError('lat and lon go together');
  if (cellTowers.length || wifiAccessPoints.length)
    attributes.network = { ...(cellTowers.length ? { cellTowers } : {}), ...(wifiAccessPoints.length ? { wifiAccessPoints } : {}) };
  position.uniqueId = uniqueId;
  if (time) position.fixTime = position.deviceTime = time;
  if (latitude !== null && longitude !== null) {
    position.latitude = latitude;
    position.longitude = longitude;
  }
  return { form: 'query', uniqueId, hasFix: latitude !== null, position };
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function jsonNumber(object: Json, key: string, required = false): number | null {
  const value = object[key];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (value === undefined || value === null) {
    if (required) throw new OsmAndInputError(`location.coords.${key} is required`);
    return null;
  }
  throw new OsmAndInputError(`${key} must be a number`);
}

function decodeJson(request: OsmAndRequest): OsmAndMessage {
  let root: unknown;
  try {
    root = JSON.parse(request.body);
  } catch {
    throw new OsmAndInputError('The body is not valid JSON');
  }
  if (!isObject(root)) throw new OsmAndInputError('The body must be a JSON object');
  const deviceId = root.device_id;
  const uniqueId = typeof deviceId === 'string' || typeof deviceId === 'number' ? String(deviceId).trim() : '';
  if (!uniqueId) throw new OsmAndInputError('device_id is required');
  const location = root.location;
  if (!isObject(location)) throw new OsmAndInputError('location is required');
  if (typeof location.timestamp !== 'string') throw new OsmAndInputError('location.timestamp is required');
  const time = parseIsoTime(location.timestamp);
  if (!time) throw new OsmAndInputError('location.timestamp must be ISO-8601');

  const position = blankPosition(uniqueId, time, false);
  const attributes = position.attributes;
  const coords = location.coords;
  if (isObject(coords)) {
    position.valid = true;
    position.latitude = checkedLatitude(jsonNumber(coords, 'latitude', true)!);
    position.longitude = checkedLongitude(jsonNumber(coords, 'longitude', true)!);
    const speed = jsonNumber(coords, 'speed');
    if (speed !== null && speed >= 0) position.speed = speed * KNOTS_PER_MPS;
    const heading = jsonNumber(coords, 'heading');
    if (heading !== null && heading >= 0) position.course = heading;
    const accuracy = jsonNumber(coords, 'accuracy');
    if (accuracy !== null && accuracy >= MIN_JSON_ACCURACY) position.accuracy = accuracy;
    position.altitude = jsonNumber(coords, 'altitude') ?? 0;
  }
  if (typeof location.event === 'string') attributes.event = location.event;
  if (typeof location.is_moving === 'boolean') attributes.motion = location.is_moving;
  if (typeof location.odometer === 'number' && Number.isFinite(location.odometer)) attributes.odometer = Math.trunc(location.odometer);
  if (typeof location.mock === 'boolean') attributes.mock = location.mock;
  if (isObject(location.activity) && typeof location.activity.type === 'string') attributes.activity = location.activity.type;
  if (isObject(location.battery)) {
    const level = location.battery.level;
    if (typeof level === 'number' && level >= 0) attributes.batteryLevel = Math.trunc(level * 100);
    if (location.battery.is_charging === true) attributes.charge = true;
  }
  if (typeof location.alarm === 'string') attributes.alarm = location.alarm;
  if (isObject(location.extras)) {
    for (const [key, value] of Object.entries(location.extras)) {
      if ((key === 'alarm' && 'alarm' in location) || UNSAFE_KEYS.has(key)) continue;
      if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean' || typeof value === 'string')
        attributes[key] = value;
    }
  }
  return { form: 'json', uniqueId, hasFix: isObject(coords), position };
}

/** Decodes one request; throws OsmAndInputError for input the protocol cannot mean. */
export function decodeOsmAnd(request: OsmAndRequest, now: Date = new Date()): OsmAndMessage {
  const json = request.contentType?.toLowerCase().startsWith('application/json');
  return json ? decodeJson(request) : decodeQuery(request, now);
}
