/**
 * A streaming RFC 4180 reader: records are handed out as the file's text arrives, so a 50 MB file is
 * never held whole. Fields are separated by commas, records by CRLF, LF or CR; a quoted field may hold
 * commas, line breaks and doubled quotes. A byte-order mark is dropped. The file must be UTF-8 text:
 * a NUL byte or an invalid sequence is no CSV, and a quote left open at the end is refused.
 */
import { createReadStream } from 'node:fs';

export class CsvSyntaxError extends Error {}

type State = 'fieldStart' | 'unquoted' | 'quoted' | 'quoteInQuoted';

export class CsvReader {
  private state: State = 'fieldStart';
  private field = '';
  private record: string[] = [];
  private started = false;
  /** The record being read, counted from 1 (the header), for a syntax error's message. */
  private recordNumber = 1;

  constructor(private readonly onRecord: (fields: string[]) => void) {}

  private endField() {
    this.record.push(this.field);
    this.field = '';
  }

  private endRecord() {
    this.endField();
    const fields = this.record;
    this.record = [];
    // A blank line (one empty field) is no record.
    if (!(fields.length === 1 && fields[0] === '')) this.onRecord(fields);
    this.recordNumber += 1;
  }

  push(text: string) {
    let chunk = text;
    if (!this.started) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
    }
    for (let i = 0; i < chunk.length; i += 1) {
      const c = chunk[i]!;
      if (c === '\u0000') throw new CsvSyntaxError('The file holds a NUL byte: it is not a CSV text file.');
      switch (this.state) {
        case 'fieldStart':
          if (c === '"') this.state = 'quoted';
          else if (c === ',') this.endField();
          else if (c === '\n') this.endRecord();
          else if (c === '\r') {
            if (chunk[i + 1] === '\n') i += 1;
            this.endRecord();
          } else {
            this.field += c;
            this.state = 'unquoted';
          }
          break;
        case 'unquoted': {
          // Read up to the next special character at once: most fields hold none.
          let j = i;
          while (
            j < chunk.length &&
            chunk[j] !== ',' &&
            chunk[j] !== '\n' &&
            chunk[j] !== '\r' &&
            chunk[j] !== '"' &&
            chunk[j] !== '\u0000'
          )
            j += 1;
          this.field += chunk.slice(i, j);
          i = j - 1;
          if (j >= chunk.length) break;
          const d = chunk[j]!;
          i = j;
          if (d === ',') {
            this.endField();
            this.state = 'fieldStart';
          } else if (d === '\n' || d === '\r') {
            if (d === '\r' && chunk[j + 1] === '\n') i += 1;
            this.endRecord();
            this.state = 'fieldStart';
          } else if (d === '"') {
            throw new CsvSyntaxError(
              `Record ${this.recordNumber} has a quote inside an unquoted value; quote the whole value and double the quote ("").`,
            );
          } else throw new CsvSyntaxError('The file holds a NUL byte: it is not a CSV text file.');
          break;
        }
        case 'quoted': {
          const j = chunk.indexOf('"', i);
          if (j < 0) {
            this.field += chunk.slice(i);
            i = chunk.length;
          } else {
            this.field += chunk.slice(i, j);
            i = j;
            this.state = 'quoteInQuoted';
          }
          if (this.field.includes('\u0000')) throw new CsvSyntaxError('The file holds a NUL byte: it is not a CSV text file.');
          break;
        }
        case 'quoteInQuoted':
          if (c === '"') {
            this.field += '"';
            this.state = 'quoted';
          } else if (c === ',') {
            this.endField();
            this.state = 'fieldStart';
          } else if (c === '\n' || c === '\r') {
            if (c === '\r' && chunk[i + 1] === '\n') i += 1;
            this.endRecord();
            this.state = 'fieldStart';
          } else
            throw new CsvSyntaxError(
              `Record ${this.recordNumber} has text after a closing quote; double a quote inside a quoted value ("").`,
            );
          break;
      }
    }
  }

  end() {
    if (this.state === 'quoted') throw new CsvSyntaxError(`Record ${this.recordNumber} opens a quote that is never closed.`);
    if (this.state !== 'fieldStart' || this.record.length > 0 || this.field !== '') this.endRecord();
  }
}

/** A CRLF split between two chunks is one line break: a chunk ending in CR waits for the next. */
class LineBreakJoiner {
  private held = '';
  constructor(private readonly reader: CsvReader) {}
  push(text: string) {
    const all = this.held + text;
    this.held = all.endsWith('\r') ? '\r' : '';
    this.reader.push(this.held ? all.slice(0, -1) : all);
  }
  end() {
    if (this.held) this.reader.push(this.held);
    this.reader.end();
  }
}

/**
 * Reads the file's records one at a time (awaiting `onRecord` between chunks, so a slow consumer holds
 * back the reading); a record is its fields as text.
 */
export async function readCsvFile(file: string, onRecord: (fields: string[]) => void | Promise<void>): Promise<void> {
  const pending: string[][] = [];
  const reader = new CsvReader((fields) => pending.push(fields));
  const joiner = new LineBreakJoiner(reader);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const flush = async () => {
    for (const fields of pending.splice(0)) await onRecord(fields);
  };
  const decode = (bytes?: Buffer) => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode();
    } catch {
      throw new CsvSyntaxError('The file is not UTF-8 text: save it as CSV UTF-8 and send it again.');
    }
  };
  for await (const bytes of createReadStream(file, { highWaterMark: 256 * 1024 })) {
    joiner.push(decode(bytes as Buffer));
    await flush();
  }
  joiner.push(decode());
  joiner.end();
  await flush();
}
