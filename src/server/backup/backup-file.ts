import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip, createGzip } from 'node:zlib';
import type { Engine } from '../db/schema.js';
import { BackupError, reason } from './backup-errors.js';
import { BACKUP_TABLES, type BackupTable } from './backup.repository.js';
import { ROWS_PER_INSERT } from '../db/batches.js';

/**
 * A PostgreSQL backup: gzip-compressed JSON, one value a line.
 *
 *   {"format":"postfolio-backup","format_version":1,"engine":"postgres","schema":"005-…",
 *    "migrations":[…],"created_at":"…","tables":["categories",…]}     the header
 *   {"table":"posts","columns":["id","slug",…]}                         then, for each table,
 *   [1,"hello",…]                                                        its rows, values in column order
 *   {"end":true,"rows":{"categories":3,"posts":120,…}}                   the end, with the counts
 *
 * The end record tells a complete file from one cut short.
 */
export const BACKUP_FORMAT = 'postfolio-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  format_version: number;
  engine: Engine;
  /** The newest migration applied to the store: its schema version. */
  schema: string;
  migrations: string[];
  created_at: string;
  tables: BackupTable[];
}

export type BackupEvent =
  | { kind: 'header'; header: BackupHeader }
  | { kind: 'rows'; table: BackupTable; columns: string[]; rows: unknown[][] }
  | { kind: 'end'; counts: Record<string, number> };

export const headerLine = (header: BackupHeader) => `${JSON.stringify(header)}\n`;
export const tableLine = (table: BackupTable, columns: string[]) =>
  `${JSON.stringify({ table, columns })}\n`;
export const rowLine = (values: unknown[]) => `${JSON.stringify(values)}\n`;
export const endLine = (counts: Record<string, number>) =>
  `${JSON.stringify({ end: true, rows: counts })}\n`;

/** Writes lines into a new gzip file (refused if the name exists). */
export async function writeGzipLines(file: string, lines: AsyncIterable<string>): Promise<void> {
  await pipeline(Readable.from(lines), createGzip(), createWriteStream(file, { flags: 'wx' }));
}

/** The lines of a gzip file, numbered from 1; damaged gzip data is a BackupError naming the file. */
async function* gzipLines(file: string): AsyncGenerator<[number, string]> {
  const gunzip = createGunzip();
  const source = createReadStream(file);
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let number = 0;
  try {
    for await (const chunk of gunzip) {
      const lines = (rest + decoder.write(chunk as Buffer)).split('\n');
      rest = lines.pop()!;
      for (const line of lines) yield [++number, line];
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is corrupt: its gzip data is damaged (${reason(error)})`);
  }
  rest += decoder.end();
  if (rest) yield [++number, rest];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkedHeader(file: string, value: unknown): BackupHeader {
  if (!isObject(value) || value.format !== BACKUP_FORMAT)
    throw new BackupError(
      `${file} is not a Postfolio backup: its first line is not a backup header`,
    );
  if (typeof value.format_version !== 'number' || value.format_version > BACKUP_FORMAT_VERSION)
    throw new BackupError(
      `${file} comes from a newer Postfolio: backup format ${String(value.format_version)}, and this build reads format ${BACKUP_FORMAT_VERSION}`,
    );
  const strings = (list: unknown) =>
    Array.isArray(list) && list.every((item) => typeof item === 'string');
  if (
    (value.engine !== 'postgres' && value.engine !== 'sqlite') ||
    !strings(value.migrations) ||
    !strings(value.tables) ||
    !(value.tables as string[]).every((t) => (BACKUP_TABLES as readonly string[]).includes(t))
  )
    throw new BackupError(`${file} is corrupt: its header is incomplete`);
  return value as unknown as BackupHeader;
}

/**
 * Reads a backup as events: the header, rows in batches, the end. Every line is checked on the
 * way, so that reading a file to its end proves it whole; a problem is a BackupError naming the
 * file and the line.
 */
export async function* readBackupFile(file: string): AsyncGenerator<BackupEvent> {
  let header: BackupHeader | undefined;
  let table: { name: BackupTable; columns: string[] } | undefined;
  let rows: unknown[][] = [];
  const counts: Record<string, number> = {};
  let ended = false;
  const flush = function* () {
    if (table && rows.length)
      yield { kind: 'rows' as const, table: table.name, columns: table.columns, rows };
    rows = [];
  };
  for await (const [number, line] of gzipLines(file)) {
    const corrupt = (problem: string) =>
      new BackupError(`${file} is corrupt: line ${number} ${problem}`);
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (number === 1)
        throw new BackupError(`${file} is not a Postfolio backup: its first line is not JSON`);
      throw corrupt('is not JSON');
    }
    if (ended) throw corrupt('follows the end record');
    if (!header) {
      header = checkedHeader(file, value);
      yield { kind: 'header', header };
    } else if (Array.isArray(value)) {
      if (!table) throw corrupt('is a row before any table');
      if (value.length !== table.columns.length)
        throw corrupt(`has ${value.length} values for ${table.columns.length} columns`);
      rows.push(value);
      counts[table.name] = (counts[table.name] ?? 0) + 1;
      if (rows.length >= ROWS_PER_INSERT) yield* flush();
    } else if (isObject(value) && typeof value.table === 'string') {
      yield* flush();
      if (!header.tables.includes(value.table as BackupTable))
        throw corrupt(`names a table the header does not list ("${value.table}")`);
      if (!Array.isArray(value.columns) || !value.columns.every((c) => typeof c === 'string'))
        throw corrupt('lists no columns');
      table = { name: value.table as BackupTable, columns: value.columns as string[] };
      counts[table.name] ??= 0;
    } else if (isObject(value) && value.end === true && isObject(value.rows)) {
      yield* flush();
      for (const name of new Set([...Object.keys(value.rows), ...Object.keys(counts)]))
        if (value.rows[name] !== (counts[name] ?? 0))
          throw corrupt(
            `counts ${String(value.rows[name])} rows of ${name}, and the file holds ${counts[name] ?? 0}`,
          );
      ended = true;
      yield { kind: 'end', counts };
    } else throw corrupt('is neither a table, a row nor the end record');
  }
  if (!header) throw new BackupError(`${file} is not a Postfolio backup: it is empty`);
  if (!ended)
    throw new BackupError(
      `${file} is cut short: it ends without its end record (an unfinished copy?)`,
    );
}
