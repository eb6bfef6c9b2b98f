// fuzzycron for JavaScript: cron-parser 5's API and fuzzycron's own.

/** A rejected input: what is wrong and where (1-based column; line for multi-line specs, else 0). */
export class FuzzycronError extends Error {
  readonly reason: string;
  readonly column: number;
  readonly line: number;
  readonly text: string;
  /** "syntax" | "missing-seed" | "bad-seed" | "time-zone" | "unsupported" | "argument" | "lock" */
  readonly kind: string;
}

export type Dialect = 'standard' | 'quartz' | 'jenkins' | 'furiko' | 'kubernetes' | 'croniter' | 'cron-parser' | 'spring';
type When = Date | string | number | CronDate;

export interface Options {
  dialect?: Dialect;
  /** The job's name, or parts such as [host, job]: what H is drawn from. */
  seed?: string | string[];
  /** IANA zone, default "UTC" (the options schema's name; `tz` is the same option). */
  zone?: string;
  tz?: string;
  /** DST policy: the dialect's own by default (docs/dst.md); "cron", "wall", "skip-first", "later-first", ... */
  dst?: string;
  /** Hash scheme: the dialect's own by default (`hash` is the same option). */
  hashScheme?: string;
  hash?: string;
  /** cron-parser's strict mode. */
  strict?: boolean;
  /** croniter: in 6 and 7 fields the seconds come first (`secondAtBeginning` is the same option). */
  secondsFirst?: boolean;
  secondAtBeginning?: boolean;
  /** croniter: day of month and day of week joined by OR (default) or AND. */
  dayOr?: boolean;
  /** furiko's parser options, also given as top-level options. */
  format?: 'standard' | 'quartz';
  hashFields?: boolean;
  hashSecondsByDefault?: boolean;
  hashNames?: boolean;
  furiko?: { format?: 'standard' | 'quartz'; hashFields?: boolean; hashSecondsByDefault?: boolean; hashNames?: boolean };
  /** The job's host: seeds [host, seed]. */
  host?: string;
  /** Every fire moves by the seed's stable offset in [0, window): "15m", or milliseconds. */
  offsetWindow?: string | number;
  /** A balance lock's path (written by `fuzzycron balance`): read with Node's fs; `balance` is the old name. */
  balanceLock?: string;
  /** croniter's implement_cron_bug. */
  implementCronBug?: boolean;
  /** No fire before / after this instant (RFC 3339 with an offset). */
  notBefore?: string;
  notAfter?: string;
  /** Local dates without fires: "2026-12-25,2026-12-24..2026-12-31" (docs/calendars.md). */
  except?: string;
}

export class Schedule {
  readonly expression: string;
  /** The expression with hash forms replaced by this seed's values. */
  readonly resolved: string;
  readonly zone: string;
  /** True when the schedule can never fire (February 30th). */
  readonly never: boolean;
  next(from?: When): Date | null;
  /** Catch-up: the fire times in (lastRun, now] and those the policy runs now. */
  missed(lastRun: When, now?: When, policy?: { catchUp?: 'skip' | 'latest' | 'all'; limit?: number; startingDeadline?: string | number }):
    { run: Date[]; missed: number; skipped: number; capped: boolean };
  prev(from?: When): Date | null;
  take(count: number, from?: When): Date[];
}

export function parse(expression: string, options?: Options): Schedule;
export function explain(expression: string, options?: Options): {
  sentences: string[];
  fields: { field: string; text: string; line: number; column: number; meaning: string }[];
  zone: string;
  dst: string;
  resolved?: string;
};
export interface Finding {
  code: string;
  severity: 'info' | 'warning' | 'error';
  line: number;
  column: number;
  message: string;
  /** The suggested schedule, "" when there is none. */
  rewrite: string;
}
export function lint(expression: string, options?: Options & { target?: string; from?: When }): Finding[];
export function resolve(expression: string, options?: Options & { to?: Dialect }): string;
export function offset(seed: string | string[], windowMs: number): number;
export interface Load { buckets: number[]; fires: number; peak: number; mean: number; p99: number }
export function spread(
  crontab: string,
  options?: Options & { hosts?: string[]; from?: When; window?: number; resolution?: number },
): { before: Load; after: Load; entries: number; hosts: number; errors: { line: number; column: number; message: string }[]; svg: string };
export function version(): string;

// ---- cron-parser 5 ----

/** cron-parser's CronDate (5.x's export and 4.x's `cron-parser/lib/date`): an instant read in a zone. */
export class CronDate {
  constructor(timestamp?: When | null, tz?: string);
  readonly tz: string;
  addYear(): void; addMonth(): void; addDay(): void; addHour(): void; addMinute(): void; addSecond(): void;
  subtractYear(): void; subtractMonth(): void; subtractDay(): void; subtractHour(): void; subtractMinute(): void;
  subtractSecond(): void;
  setDate(d: number): void; setFullYear(y: number): void; setDay(d: number): void; setMonth(m: number): void;
  setHours(h: number): void; setMinutes(m: number): void; setSeconds(s: number): void; setMilliseconds(ms: number): void;
  isLastDayOfMonth(): boolean;
  isLastWeekdayOfMonth(): boolean;
  getTime(): number;
  toDate(): Date;
  toISOString(): string;
  toJSON(): string;
  getFullYear(): number;
  getMonth(): number;
  getDate(): number;
  getDay(): number;
  getHours(): number;
  getMinutes(): number;
  getSeconds(): number;
  getMilliseconds(): number;
  getUTCFullYear(): number;
  getUTCMonth(): number;
  getUTCDate(): number;
  getUTCDay(): number;
  getUTCHours(): number;
  getUTCMinutes(): number;
  getUTCSeconds(): number;
}

export interface CronExpressionOptions {
  currentDate?: When;
  startDate?: When;
  endDate?: When;
  tz?: string;
  hashSeed?: string;
  strict?: boolean;
}

/** One field's values as cron-parser 5 lists them ('L' and 'nL' as text). */
export class CronField {
  readonly values: ReadonlyArray<number | string>;
  readonly min: number;
  readonly max: number;
  readonly chars: ReadonlyArray<string>;
  readonly isWildcard: boolean;
  readonly hasLastChar: boolean;
  readonly hasQuestionMarkChar: boolean;
  /** The day of week's `#` occurrence (1-5), or 0. */
  readonly nthDay: number;
  serialize(): { wildcard: boolean; values: Array<number | string> };
}

export class CronFieldCollection {
  readonly second: CronField;
  readonly minute: CronField;
  readonly hour: CronField;
  readonly dayOfMonth: CronField;
  readonly month: CronField;
  readonly dayOfWeek: CronField;
  stringify(includeSeconds?: boolean): string;
  serialize(): Record<'second' | 'minute' | 'hour' | 'dayOfMonth' | 'month' | 'dayOfWeek',
    { wildcard: boolean; values: Array<number | string> }>;
}

export class CronExpression implements Iterable<CronDate> {
  readonly fields: CronFieldCollection;
  next(): CronDate;
  prev(): CronDate;
  hasNext(): boolean;
  hasPrev(): boolean;
  take(limit: number): CronDate[];
  reset(newDate?: When): void;
  includesDate(date: When): boolean;
  stringify(includeSeconds?: boolean): string;
  toString(): string;
  [Symbol.iterator](): Iterator<CronDate>;
}

export const CronExpressionParser: {
  parse(expression: string, options?: CronExpressionOptions): CronExpression;
};

export interface CronFileParseResult {
  variables: Record<string, string>;
  expressions: CronExpression[];
  errors: Record<string, Error>;
}
export const CronFileParser: {
  parseFile(path: string): Promise<CronFileParseResult>;
  parseFileSync(path: string): CronFileParseResult;
};

// ---- cron-parser 4 (beside 5's: `"cron-parser": "npm:fuzzycron@..."` serves both) ----

export interface ParserOptions extends CronExpressionOptions {
  utc?: boolean;
  iterator?: boolean;
}
export interface CronExpression4 {
  readonly fields: Readonly<Record<'second' | 'minute' | 'hour' | 'dayOfMonth' | 'month' | 'dayOfWeek',
    ReadonlyArray<number | string>>>;
  next(): CronDate | { value: CronDate; done: boolean };
  prev(): CronDate | { value: CronDate; done: boolean };
  hasNext(): boolean;
  hasPrev(): boolean;
  iterate(steps: number, callback?: (date: CronDate, i: number) => void): Array<CronDate | { value: CronDate; done: boolean }>;
  reset(newDate?: When): void;
  stringify(includeSeconds?: boolean): string;
}
export interface StringResult { variables: Record<string, string>; expressions: CronExpression4[]; errors: Record<string, Error> }
export function parseExpression(expression: string, options?: ParserOptions): CronExpression4;
export function fieldsToExpression(fields: Record<string, Array<number | string>>, options?: ParserOptions): CronExpression4;
export function parseString(data: string): StringResult;
export function parseFile(filePath: string, callback: (err: Error | null, data?: StringResult) => void): void;
/** Deletes every compiled schedule the package holds (they are compiled again when used). */
export function releaseAll(): void;

export default CronExpressionParser;
