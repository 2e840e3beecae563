/**
 * The ingest benchmark's load generator, run as its own process beside the server as real trackers
 * would be: DEVICES Teltonika connections (IMEI greeting, then codec 8 packets of RECORDS records
 * each, the next sent as soon as the last is acknowledged), driving the bench fleet's routes
 * (bench-fleet.ts). Prints one JSON line: positions acknowledged per second and acknowledgement
 * latency p50/p99, over SECONDS after a warm-up.
 */
import net from 'node:net';
import { CODEC_8 } from '../src/tracking/ingest/teltonika-decoder';
import { encodeAvlPacket, encodeImei, type AvlRecord } from '../src/tracking/ingest/teltonika-encoder';
import { benchImei, sampleOf } from './bench-fleet';

const DEVICES = Number(process.env.DEVICES);
const RECORDS = Number(process.env.RECORDS ?? 1);
const SECONDS = Number(process.env.SECONDS ?? 15);
const WARM_UP_SECONDS = 3;
const PORT = Number(process.env.TELTONIKA_PORT);
/** Each run starts its fleet's clock after the last run's, so positions are never out of order. */
const CLOCK_START = Number(process.env.CLOCK_START ?? Date.now() - 6 * 3_600_000);

let acknowledged = 0;
let measuring = false;
const latencies: number[] = [];
const deadline = Date.now() + (WARM_UP_SECONDS + SECONDS) * 1000;
setTimeout(() => {
  measuring = true;
}, WARM_UP_SECONDS * 1000);

function recordsOf(device: number, second: number): AvlRecord[] {
  return Array.from({ length: RECORDS }, (_, k) => {
    const s = sampleOf(device, second + k);
    return {
      time: CLOCK_START + (second + k) * 1000,
      latitude: s.latitude,
      longitude: s.longitude,
      satellites: s.attributes.sat,
      speedKph: Math.round(s.speed * 1.852),
      io: { n1: [[239, s.attributes.ignition ? 1 : 0]], n4: [[16, (second + k) * 10]] },
    };
  });
}

function tracker(device: number) {
  return new Promise<void>((resolve) => {
    const socket = net.connect({ port: PORT, host: '127.0.0.1' });
    let buffered = Buffer.alloc(0);
    let greeted = false;
    let second = 0;
    let sentAt = 0;
    const send = () => {
      if (Date.now() > deadline) return void socket.end();
      sentAt = performance.now();
      socket.write(encodeAvlPacket(CODEC_8, recordsOf(device, second)));
      second += RECORDS;
    };
    socket.on('connect', () => socket.write(encodeImei(benchImei(device))));
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (!greeted) {
        if (buffered[0] !== 1) return void socket.destroy(new Error(`IMEI ${benchImei(device)} refused`));
        greeted = true;
        buffered = buffered.subarray(1);
        return send();
      }
      while (buffered.length >= 4) {
        const count = buffered.readUInt32BE(0);
        buffered = buffered.subarray(4);
        if (measuring && Date.now() <= deadline) {
          acknowledged += count;
          latencies.push(performance.now() - sentAt);
        }
        send();
      }
    });
    socket.on('error', (error) => {
      console.error(`tracker ${device}: ${error.message}`);
      resolve();
    });
    socket.on('close', () => resolve());
  });
}

await Promise.all(Array.from({ length: DEVICES }, (_, i) => tracker(i + 1)));
latencies.sort((a, b) => a - b);
const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN);
console.log(
  JSON.stringify({ positionsPerSecond: Math.round(acknowledged / SECONDS), p50: at(0.5), p99: at(0.99), packets: latencies.length }),
);
