/**
 * Builds what a Teltonika tracker sends (the IMEI greeting, AVL data packets in codec 8 and 8
 * Extended, codec 12 command responses) and what the server sends it (codec 12 commands). Used by
 * the listener for commands, and by tests, the simulator and the ingest benchmark to speak as a device.
 */
import { crc16Ibm } from './crc16-ibm';
import { CODEC_12, CODEC_8, CODEC_8_EXTENDED } from './teltonika-decoder';

/** IO elements of one record, by value size: [id, value] pairs; `nx` (codec 8 Extended only) holds variable-length values. */
export interface AvlIo {
  n1?: [id: number, value: number][];
  n2?: [id: number, value: number][];
  n4?: [id: number, value: number][];
  n8?: [id: number, value: number | bigint][];
  nx?: [id: number, value: Uint8Array][];
}

export interface AvlRecord {
  time: Date | number;
  priority?: number;
  longitude: number;
  latitude: number;
  /** Metres. */
  altitude?: number;
  /** Degrees from north. */
  angle?: number;
  satellites?: number;
  /** km/h, as the device reports it. */
  speedKph?: number;
  /** The IO element that caused the record (0: a periodic record). */
  eventIoId?: number;
  io?: AvlIo;
}

/** Appends big-endian integers to a growing list of chunks. */
class Bytes {
  private readonly parts: Buffer[] = [];
  u8(v: number) {
    this.parts.push(Buffer.from([v & 0xff]));
    return this;
  }
  u16(v: number) {
    const b = Buffer.alloc(2);
    b.writeUInt16BE(v & 0xffff);
    this.parts.push(b);
    return this;
  }
  i16(v: number) {
    const b = Buffer.alloc(2);
    b.writeInt16BE(v);
    this.parts.push(b);
    return this;
  }
  u32(v: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(v >>> 0);
    this.parts.push(b);
    return this;
  }
  i32(v: number) {
    const b = Buffer.alloc(4);
    b.writeInt32BE(v);
    this.parts.push(b);
    return this;
  }
  i64(v: number | bigint) {
    const b = Buffer.alloc(8);
    b.writeBigInt64BE(BigInt(v));
    this.parts.push(b);
    return this;
  }
  raw(bytes: Uint8Array) {
    this.parts.push(Buffer.from(bytes));
    return this;
  }
  done() {
    return Buffer.concat(this.parts);
  }
}

/** The greeting a tracker opens its connection with: 2-byte length, then the IMEI in ASCII. */
export function encodeImei(imei: string): Buffer {
  const text = Buffer.from(imei, 'ascii');
  return new Bytes().u16(text.length).raw(text).done();
}

/** Wraps a data field (codec .. second count) as a TCP frame: preamble, length, data, CRC. */
export function frame(data: Buffer): Buffer {
  return new Bytes().u32(0).u32(data.length).raw(data).u32(crc16Ibm(data)).done();
}

function encodeRecord(out: Bytes, codec: number, record: AvlRecord) {
  const extended = codec === CODEC_8_EXTENDED;
  const count = (n: number) => (extended ? out.u16(n) : out.u8(n));
  const io = record.io ?? {};
  const groups = [
    [io.n1 ?? [], 1],
    [io.n2 ?? [], 2],
    [io.n4 ?? [], 4],
    [io.n8 ?? [], 8],
  ] as const;
  const total = groups.reduce((sum, [group]) => sum + group.length, 0) + (io.nx?.length ?? 0);
  out
    .i64(typeof record.time === 'number' ? record.time : record.time.getTime())
    .u8(record.priority ?? 0)
    .i32(Math.round(record.longitude * 1e7))
    .i32(Math.round(record.latitude * 1e7))
    .i16(Math.round(record.altitude ?? 0))
    .u16(Math.round(record.angle ?? 0))
    .u8(record.satellites ?? 0)
    .u16(Math.round(record.speedKph ?? 0));
  count(record.eventIoId ?? 0);
  count(total);
  for (const [group, size] of groups) {
    count(group.length);
    for (const [id, value] of group) {
      count(id);
      if (size === 1) out.u8(Number(value));
      else if (size === 2) out.u16(Number(value));
      else if (size === 4) out.u32(Number(value));
      else out.i64(value);
    }
  }
  if (extended) {
    out.u16(io.nx?.length ?? 0);
    for (const [id, value] of io.nx ?? []) out.u16(id).u16(value.length).raw(value);
  } else if (io.nx?.length) {
    throw new Error('Variable-length IO elements need codec 8 Extended');
  }
}

/** One AVL data packet (several records) as a tracker sends it over TCP. */
export function encodeAvlPacket(codec: typeof CODEC_8 | typeof CODEC_8_EXTENDED, records: AvlRecord[]): Buffer {
  if (!records.length || records.length > 255) throw new Error('An AVL packet holds 1 to 255 records');
  const data = new Bytes().u8(codec).u8(records.length);
  for (const record of records) encodeRecord(data, codec, record);
  data.u8(records.length);
  return frame(data.done());
}

/** A codec 12 message of one type: 5 a command (server to device), 6 a response (device to server). */
function encodeCodec12(type: 5 | 6, content: Uint8Array): Buffer {
  return frame(new Bytes().u8(CODEC_12).u8(1).u8(type).u32(content.length).raw(content).u8(1).done());
}

/** A command as Teltonika's codec 12 carries it: GPRS command text such as `setdigout 1`, or raw bytes. */
export function encodeCommand(content: string | Uint8Array): Buffer {
  return encodeCodec12(5, typeof content === 'string' ? Buffer.from(content, 'ascii') : content);
}

/** A tracker's answer to a command. */
export function encodeCommandResponse(text: string): Buffer {
  return encodeCodec12(6, Buffer.from(text, 'ascii'));
}

/** The server's acknowledgement of an AVL packet: the number of records accepted, 4 bytes. */
export function encodeAcknowledgement(count: number): Buffer {
  return new Bytes().u32(count).done();
}
