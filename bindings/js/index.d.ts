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
  /** IANA zone, default "UTC". */
  tz?: string;
  /** DST policy: the dialect's own by default (docs/dst.md); "cron", "wall", "skip-first", "later-first", ... */
  dst?: string;
  /** Hash scheme: the dialect's own by default. */
  hash?: string;
  /** cron-parser's strict mode. */
  strict?: boolean;
  /** croniter: in 6 and 7 fields the seconds come first. */
  secondAtBeginning?: boolean;
  /** furiko's parser options. */
  furiko?: { format?: 'standard' | 'quartz'; hashFields?: boolean; hashSecondsByDefault?: boolean; hashNames?: boolean };
}

export class Schedule {
  readonly expression: string;
  /** The expression with hash forms replaced by this seed's values. */
  readonly resolved: string;
  readonly zone: string;
  /** True when the schedule can never fire (February 30th). */
  readonly never: boolean;
  next(from?: When): Date | null;
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

export class CronDate {
  readonly tz: string;
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

export default CronExpressionParser;
