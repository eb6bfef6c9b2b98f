'use strict';
// cron-parser's CronDate (4.x's lib/date and 5.x's export: the same methods):
// an instant read in a zone, with the zone-aware stepping its users call
// (node-schedule's RecurrenceRule walks dates with addSecond()..addYear()).
// The arithmetic follows luxon's, which both majors build CronDate on: calendar
// units in wall time, a wall time resolved with the offset it had before.
// Fire times never come from here: they come from the engine.

const { processZone, isZone, zoneOffset, wallToInstant } = require('./core');

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function daysIn(year, month0) {
  const m = ((month0 % 12) + 12) % 12;
  return m === 1 && isLeap(year) ? 29 : MONTH_DAYS[m];
}
function isLeap(y) {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}
// A wall time as ms of the same fields read as UTC (Date.UTC, years 0-99 included).
function localMs(y, mo, d, h, mi, s, ms) {
  const t = new Date(0);
  t.setUTCFullYear(y, mo, d);
  t.setUTCHours(h, mi, s, ms);
  return t.getTime();
}
const ISO = /^([+-]\d{6}|\d{4})(?:-(\d\d)(?:-(\d\d))?)?(?:[T ](\d\d)(?::(\d\d)(?::(\d\d)(?:[.,](\d{1,9}))?)?)?)?\s*(Z|[+-]\d\d(?::?\d\d)?)?$/i;


class CronDate {
  /** What cron-parser 4 says of a timestamp it cannot read (5 says String(t): CronDate5). */
  static describe(t) {
    return 'CronDate: unhandled timestamp: ' + JSON.stringify(t);
  }
  /** (timestamp: CronDate | Date | number | string, falsy for now; tz: an IANA zone, default the process's). */
  constructor(timestamp, tz) {
    if (tz && !isZone(tz)) throw new Error(new.target.describe(timestamp));
    this._tz = tz || (timestamp instanceof CronDate ? timestamp._tz : processZone());
    if (!timestamp) this._ms = Date.now();
    else if (timestamp instanceof CronDate) this._ms = timestamp._ms;
    else if (timestamp instanceof Date) this._ms = timestamp.getTime();
    else if (typeof timestamp === 'number') this._ms = timestamp;
    else if (typeof timestamp === 'string') this._ms = this._parse(timestamp);
    else if (timestamp && typeof timestamp.toMillis === 'function') this._ms = timestamp.toMillis();  // a luxon DateTime
    else this._ms = NaN;
    if (!Number.isFinite(this._ms) || Math.abs(this._ms) > 8.64e15) throw new Error(new.target.describe(timestamp));
    this._w = null;
  }
  /** An instant the engine answered, in a zone already checked: no argument reading. */
  static _of(ms, tz) {
    const d = Object.create(this.prototype);
    d._ms = ms;
    d._tz = tz;
    d._w = null;
    return d;
  }
  _parse(text) {
    const m = ISO.exec(text.trim());
    if (m) {
      const local = localMs(Number(m[1]), m[2] ? Number(m[2]) - 1 : 0, m[3] ? Number(m[3]) : 1, Number(m[4] || 0),
                            Number(m[5] || 0), Number(m[6] || 0), m[7] ? Number(m[7].slice(0, 3).padEnd(3, '0')) : 0);
      if (!m[8]) return wallToInstant(this._tz, local, zoneOffset(this._tz, local));
      if (m[8].toUpperCase() === 'Z') return local;
      const sign = m[8][0] === '-' ? -1 : 1, digits = m[8].slice(1).replace(':', '');
      return local - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0)) * 60000;
    }
    return Date.parse(text);  // RFC 2822 and the like
  }
  // The wall-clock fields in the zone (cached until the instant changes).
  get _wall() {
    if (this._w === null) {
      const offset = zoneOffset(this._tz, this._ms);
      const d = new Date(this._ms + offset * 60000);
      this._w = {
        year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate(), hour: d.getUTCHours(),
        minute: d.getUTCMinutes(), second: d.getUTCSeconds(), ms: d.getUTCMilliseconds(), weekday: d.getUTCDay(),
        offset,
      };
    }
    return this._w;
  }
  _at(ms) {
    this._ms = ms;
    this._w = null;
  }
  // Sets wall fields (the others kept; the day clamped to the month unless given), luxon's set().
  _set(fields) {
    const w = { ...this._wall, ...fields };
    if (fields.day === undefined) w.day = Math.min(w.day, daysIn(w.year, w.month));
    this._at(wallToInstant(this._tz, localMs(w.year, w.month, w.day, w.hour, w.minute, w.second, w.ms), w.offset));
  }
  // Calendar units in wall time (the day clamped to the new month), luxon's plus()/minus().
  _plusMonths(n) {
    const w = this._wall;
    const total = w.year * 12 + w.month + n;
    const year = Math.floor(total / 12), month = total - year * 12;
    this._set({ year, month, day: Math.min(w.day, daysIn(year, month)) });
  }
  _plusDays(n) {
    const w = this._wall;
    this._set({ day: w.day + n });
  }
  _startOf(unit) {
    const zero = { month: 0, day: 1, hour: 0, minute: 0, second: 0, ms: 0 };
    const order = ['month', 'day', 'hour', 'minute', 'second', 'ms'];
    const f = {};
    for (const key of order.slice(order.indexOf(unit) + 1)) f[key] = zero[key];
    this._set(f);
  }
  _endOfThenSecond(unit) {  // endOf(unit).startOf('second'): the last second of the unit
    if (unit === 'month') this._plusMonths(1);
    else if (unit === 'day') this._plusDays(1);
    else this._at(this._ms + (unit === 'hour' ? 3600000 : 60000));
    this._startOf(unit);
    this._at(this._ms - 1);
    this._startOf('second');
  }

  addYear() { this._plusMonths(12); }
  addMonth() { this._plusMonths(1); this._startOf('month'); }
  addDay() { this._plusDays(1); this._startOf('day'); }
  addHour() { this._step(3600000, 'hour', (a, b) => a <= b); }
  addMinute() { this._step(60000, 'minute', (a, b) => a < b); }
  addSecond() { this._step(1000, 'second', (a, b) => a < b); }
  _step(length, unit, behind) {
    const prev = this._ms;
    this._at(this._ms + length);
    this._startOf(unit);
    if (behind(this._ms, prev)) this._at(this._ms + 3600000);
  }
  subtractYear() { this._plusMonths(-12); }
  subtractMonth() { this._plusMonths(-1); this._endOfThenSecond('month'); }
  subtractDay() { this._plusDays(-1); this._endOfThenSecond('day'); }
  subtractHour() {
    const prev = this._ms;
    this._at(this._ms - 3600000);
    this._endOfThenSecond('hour');
    if (this._ms >= prev) this._at(this._ms - 3600000);
  }
  subtractMinute() {
    const prev = this._ms;
    this._at(this._ms - 60000);
    this._endOfThenSecond('minute');
    if (this._ms > prev) this._at(this._ms - 3600000);
  }
  subtractSecond() {
    const prev = this._ms;
    this._at(this._ms - 1000);
    this._startOf('second');
    if (this._ms > prev) this._at(this._ms - 3600000);
  }

  getDate() { return this._wall.day; }
  getFullYear() { return this._wall.year; }
  getDay() { return this._wall.weekday; }
  getMonth() { return this._wall.month; }
  getHours() { return this._wall.hour; }
  getMinutes() { return this._wall.minute; }
  getSeconds() { return this._wall.second; }
  getMilliseconds() { return this._wall.ms; }
  getTime() { return this._ms; }
  valueOf() { return this._ms; }
  getUTCDate() { return new Date(this._ms).getUTCDate(); }
  getUTCFullYear() { return new Date(this._ms).getUTCFullYear(); }
  getUTCDay() { return new Date(this._ms).getUTCDay(); }
  getUTCMonth() { return new Date(this._ms).getUTCMonth(); }
  getUTCHours() { return new Date(this._ms).getUTCHours(); }
  getUTCMinutes() { return new Date(this._ms).getUTCMinutes(); }
  getUTCSeconds() { return new Date(this._ms).getUTCSeconds(); }

  setDate(d) { this._set({ day: d }); }
  setFullYear(y) { this._set({ year: y }); }
  /** The weekday (0 Sunday .. 6; 7 Sunday too) within the same Monday-first week, as luxon sets it. */
  setDay(d) {
    const iso = (x) => (x === 0 ? 7 : x);
    this._set({ day: this._wall.day + iso(d) - iso(this._wall.weekday) });
  }
  setMonth(m) { this._set({ month: m }); }
  setHours(h) { this._set({ hour: h }); }
  setMinutes(m) { this._set({ minute: m }); }
  setSeconds(s) { this._set({ second: s }); }
  setMilliseconds(s) { this._set({ ms: s }); }

  toDate() { return new Date(this._ms); }
  toISOString() { return new Date(this._ms).toISOString(); }
  /** ISO 8601 in the zone, with its offset (luxon's toJSON). */
  toJSON() {
    const w = this._wall;
    const pad = (n, l = 2) => String(n).padStart(l, '0');
    const off = Math.abs(w.offset);
    const zone = this._tz === 'UTC' ? 'Z' : `${w.offset < 0 ? '-' : '+'}${pad(Math.floor(off / 60))}:${pad(off % 60)}`;
    return `${pad(w.year, 4)}-${pad(w.month + 1)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}.${pad(w.ms, 3)}${zone}`;
  }
  toString() { return this.toDate().toString(); }
  get tz() { return this._tz; }
  isLastDayOfMonth() { return this._wall.day === daysIn(this._wall.year, this._wall.month); }
  /** Whether this weekday does not come again this month. */
  isLastWeekdayOfMonth() { return this._wall.day + 7 > daysIn(this._wall.year, this._wall.month); }
}

module.exports = { CronDate };
