/**
 * Teltonika's TCP protocol (FMB and kin): the frames a connection carries and the AVL records inside
 * them, decoded as Traccar's TeltonikaFrameDecoder and TeltonikaProtocolDecoder do. Codecs 8, 8
 * Extended and 16 carry positions; codec 12 carries a device's answer to a command.
 *
 * A connection opens with the IMEI (2-byte length, ASCII digits). Then every data frame is
 *   4 zero bytes | 4-byte data length | codec, record count, records, record count | 4-byte CRC-16/IBM of the data
 * and a lone 0xFF byte is a keep-alive ping.
 */
import type { DecodedPosition } from '../position';
import { crc16Ibm } from './crc16-ibm';
import { KNOTS_PER_KPH } from './osmand-decoder';
import { applyIoElement, applyVariableIoElement, collectNetwork } from './teltonika-io';

export const CODEC_8 = 0x08;
export const CODEC_8_EXTENDED = 0x8e;
export const CODEC_12 = 0x0c;
export const CODEC_16 = 0x10;

/** Traccar's largest Teltonika frame (MAX_FRAME_LENGTH_LARGE); a longer one is refused, not buffered. */
export const MAX_FRAME_BYTES = 32 * 1024;
const MAX_IMEI_LENGTH = 64;
/** Preamble and length before the data, CRC after it. */
const HEADER_BYTES = 8;
const CRC_BYTES = 4;

/** A frame the protocol cannot mean: the connection is closed. The message never quotes the payload. */
export class TeltonikaFormatError extends Error {}

export type TeltonikaFrame =
  | { kind: 'imei'; imei: string }
  | { kind: 'ping' }
  /** The data field (codec .. second record count), its CRC already checked. */
  | { kind: 'data'; data: Buffer };

/**
 * Cuts a connection's byte stream into frames, whatever the TCP chunking: a frame split across
 * chunks waits for its rest, several frames in one chunk come out one by one.
 */
export class TeltonikaFrameReader {
  private buffer: Buffer = Buffer.alloc(0);
  private identified = false;

  push(chunk: Buffer) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    if (this.buffer.length > MAX_FRAME_BYTES + HEADER_BYTES + CRC_BYTES) throw new TeltonikaFormatError('more data than any frame holds');
  }

  /** The next whole frame, or null until more bytes arrive. */
  next(): TeltonikaFrame | null {
    const b = this.buffer;
    if (!this.identified) {
      if (b.length < 2) return null;
      const length = b.readUInt16BE(0);
      if (length === 0 || length > MAX_IMEI_LENGTH) throw new TeltonikaFormatError('the greeting holds no IMEI');
      if (b.length < 2 + length) return null;
      const imei = b.toString('latin1', 2, 2 + length);
      if (!/^[\x21-\x7e]+$/.test(imei)) throw new TeltonikaFormatError('the IMEI is not printable ASCII');
      this.take(2 + length);
      this.identified = true;
      return { kind: 'imei', imei };
    }
    if (b.length >= 1 && b[0] === 0xff) {
      this.take(1);
      return { kind: 'ping' };
    }
    if (b.length < HEADER_BYTES) return null;
    if (b.readUInt32BE(0) !== 0) throw new TeltonikaFormatError('a data frame must start with four zero bytes');
    const length = b.readUInt32BE(4);
    if (length < 3 || length > MAX_FRAME_BYTES) throw new TeltonikaFormatError(`a data length of ${length} bytes is out of range`);
    if (b.length < HEADER_BYTES + length + CRC_BYTES) return null;
    const data = b.subarray(HEADER_BYTES, HEADER_BYTES + length);
    const crc = b.readUInt32BE(HEADER_BYTES + length);
    if (crc !== crc16Ibm(data)) throw new TeltonikaFormatError('the CRC does not match');
    this.take(HEADER_BYTES + length + CRC_BYTES);
    return { kind: 'data', data: Buffer.from(data) };
  }

  private take(bytes: number) {
    this.buffer = this.buffer.subarray(bytes);
  }
}

/** Reads a data field front to back; reading past its end is a truncated record. */
class Cursor {
  private at = 0;
  constructor(private readonly b: Buffer) {}
  private need(n: number) {
    if (this.at + n > this.b.length) throw new TeltonikaFormatError('a record runs past the end of its frame');
    const at = this.at;
    this.at += n;
    return at;
  }
  u8 = () => this.b.readUInt8(this.need(1));
  u16 = () => this.b.readUInt16BE(this.need(2));
  i16 = () => this.b.readInt16BE(this.need(2));
  u32 = () => this.b.readUInt32BE(this.need(4));
  i32 = () => this.b.readInt32BE(this.need(4));
  i64 = () => this.b.readBigInt64BE(this.need(8));
  bytes = (n: number) => {
    const at = this.need(n);
    return this.b.subarray(at, at + n);
  };
  get remaining() {
    return this.b.length - this.at;
  }
}

export type DecodedData =
  | { kind: 'positions'; codec: number; positions: DecodedPosition[] }
  /** Codec 12 type 6: a device's answer to a command (not acknowledged, as Traccar). */
  | { kind: 'response'; text: string };

function decodeRecord(c: Cursor, codec: number, imei: string, model: string | null): DecodedPosition {
  const extended = codec === CODEC_8_EXTENDED;
  const count = extended ? c.u16 : c.u8;
  const ioId = extended || codec === CODEC_16 ? c.u16 : c.u8;
  const time = new Date(Number(c.i64()));
  if (!Number.isFinite(time.getTime()) || time.getUTCFullYear() > 9999 || time.getUTCFullYear() < 1)
    throw new TeltonikaFormatError('a record time is out of range');
  const priority = c.u8();
  const longitude = c.i32() / 1e7;
  const latitude = c.i32() / 1e7;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw new TeltonikaFormatError('a record position is out of range');
  const altitude = c.i16();
  const course = c.u16();
  const satellites = c.u8();
  const speedKph = c.u16();
  const position: DecodedPosition = {
    uniqueId: imei,
    protocol: 'teltonika',
    deviceTime: time,
    fixTime: time,
    valid: satellites !== 0,
    latitude,
    longitude,
    altitude,
    speed: speedKph * KNOTS_PER_KPH,
    course,
    accuracy: 0,
    attributes: { priority, sat: satellites },
  };
  position.attributes.event = ioId();
  if (codec === CODEC_16) c.u8(); // generation type
  count(); // total IO elements
  for (const size of [1, 2, 4, 8]) {
    const n = count();
    for (let i = 0; i < n; i++) {
      const id = ioId();
      applyIoElement(position, id, Buffer.from(c.bytes(size)), model);
    }
  }
  if (extended) {
    const n = c.u16();
    for (let i = 0; i < n; i++) {
      const id = c.u16();
      applyVariableIoElement(position, id, Buffer.from(c.bytes(c.u16())));
    }
  }
  collectNetwork(position);
  return position;
}

function decodeResponse(c: Cursor): DecodedData {
  const type = c.u8();
  const length = c.u32();
  const text = c.bytes(length);
  if (c.u8() !== 1) throw new TeltonikaFormatError('the response count does not match');
  // A response holds printable text (Traccar keeps anything else as hex).
  const printable = /^[\x20-\x7e\r\n\t]*$/.test(text.toString('latin1'));
  return { kind: 'response', text: type === 6 && printable ? text.toString('latin1').trim() : text.toString('hex') };
}

/** Decodes a data frame's records. `model`: the device's recorded model (geo_devices.model), if any. */
export function decodeData(data: Buffer, imei: string, model: string | null): DecodedData {
  const c = new Cursor(data);
  const codec = c.u8();
  const count = c.u8();
  if (codec === CODEC_12) {
    if (count !== 1) throw new TeltonikaFormatError('a codec 12 frame holds one message');
    return decodeResponse(c);
  }
  if (codec !== CODEC_8 && codec !== CODEC_8_EXTENDED && codec !== CODEC_16)
    throw new TeltonikaFormatError(`codec 0x${codec.toString(16)} is not supported`);
  if (count === 0) throw new TeltonikaFormatError('a data frame holds no records');
  const positions: DecodedPosition[] = [];
  for (let i = 0; i < count; i++) positions.push(decodeRecord(c, codec, imei, model));
  if (c.u8() !== count) throw new TeltonikaFormatError('the two record counts differ');
  if (c.remaining !== 0) throw new TeltonikaFormatError('bytes follow the last record');
  return { kind: 'positions', codec, positions };
}
