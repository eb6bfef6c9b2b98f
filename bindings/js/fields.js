'use strict';
// cron-parser 5's field objects (CronExpression.fields: CronFieldCollection of
// CronField) and its written-back text (stringify), from the values the engine
// lists for each field.

// ---- cron-parser's written form of a field (CronExpression.stringify)
const secondsZero = { values: [0], nth: 0, min: 0, max: 59 };  // a five-field expression's
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

// Sorted values cut into runs of one step, the way cron-parser groups them: a
// run takes its second value at the first gap unless the gap after it is
// smaller, then keeps every value one step further; a run of two becomes two
// single values.
function runsOf(values) {
  const runs = [];
  let run = null;
  values.forEach((v, i) => {
    if (run === null) { run = { start: v, count: 1 }; return; }
    if (v === 'L' || v === 'W') { runs.push(run, { start: v, count: 1 }); run = null; return; }
    const gap = v - values[i - 1];
    if (run.step === undefined && i + 1 < values.length) {
      if (gap <= values[i + 1] - v) { run = { start: run.start, count: 2, end: v, step: gap }; return; }
      run.step = 1;
    }
    if (v - (run.end === undefined ? 0 : run.end) === run.step) {
      run.count++;
      run.end = v;
      return;
    }
    if (run.count === 2) runs.push({ start: run.start, count: 1 }, { start: run.end, count: 1 });
    else runs.push(run.count === 1 ? { start: run.start, count: 1 } : run);
    run = { start: v, count: 1 };
  });
  if (run) runs.push(run);
  return runs;
}

function runText(run) {
  if (run.count === 1) return String(run.start);
  if (run.step === 1) return `${run.start}-${run.end}`;
  // Too few values for a step to read well: cron-parser lists them.
  if (run.step * (run.start === 0 ? run.count - 1 : run.count) > run.end) {
    const listed = [];
    for (let v = run.start; v <= run.end; v += run.step) listed.push(v);
    return listed.join(',');
  }
  return `${run.start}-${run.end}/${run.step}`;
}

// One field as cron-parser's CronFieldCollection.stringifyField writes it.
function cronParserField(key, field, fields) {
  let values = field.values;
  let max = field.max;
  if (key === 'dayOfWeek') {
    max = 6;
    if (values[values.length - 1] === 7) values = values.slice(0, -1);  // Sunday is written 0
  }
  if (key === 'dayOfMonth' && fields.month.values.length === 1) max = DAYS_IN_MONTH[fields.month.values[0] - 1];
  const runs = runsOf(values);
  if (runs.length === 1 && runs[0].step) {
    const r = runs[0];
    const day = key === 'dayOfMonth' || key === 'dayOfWeek';
    if (r.step === 1 && r.start === field.min && r.end >= max && (!day || field.isWildcard))
      return field.hasQuestionMarkChar ? '?' : '*';
    if (r.step !== 1 && r.start === field.min && r.end >= max - r.step + 1) return `*/${r.step}`;
  }
  return runs.map((r) => (key === 'dayOfWeek' && field.nthDay > 0 ? `${runText(r)}#${field.nthDay}` : runText(r))).join(',');
}

// cron-parser's field objects (CronExpression.fields): each field's values as
// cron-parser lists them, and what it says of the text as written.
const PREDEFINED = {
  '@yearly': '0 0 0 1 1 *', '@annually': '0 0 0 1 1 *', '@monthly': '0 0 0 1 * *', '@weekly': '0 0 0 * * 0',
  '@daily': '0 0 0 * * *', '@hourly': '0 0 * * * *', '@minutely': '0 * * * * *', '@secondly': '* * * * * *',
  '@weekdays': '0 0 0 * * 1-5', '@weekends': '0 0 0 * * 0,6',
};
const FIELD_KEYS = [  // cron-parser's name, fuzzycron's, the characters it allows besides numbers
  ['second', 'second', []], ['minute', 'minute', []], ['hour', 'hour', []],
  ['dayOfMonth', 'day-of-month', ['L']], ['month', 'month', []], ['dayOfWeek', 'day-of-week', ['L']],
];
// The six texts cron-parser reads: an alias's expansion, defaults for the missing leading fields.
function rawFieldsOf(expression) {
  const text = PREDEFINED[expression] || expression || '0 * * * * *';
  const atoms = text.trim().split(/\s+/);
  return ['0', '*', '*', '*', '*', '*'].slice(0, Math.max(0, 6 - atoms.length)).concat(atoms);
}
function cronParserOrder(a, b) {
  const an = typeof a === 'number', bn = typeof b === 'number';
  if (an && bn) return a - b;
  if (!an && !bn) return String(a).localeCompare(String(b));
  return an ? -1 : 1;
}

/** One field of a CronExpression, as cron-parser 5's CronField. */
class CronField {
  constructor(field, rawValue, chars, nthDay) {
    this._values = Object.freeze([...new Set(field.values)].sort(cronParserOrder));
    this._min = field.min;
    this._max = field.max;
    this._chars = Object.freeze(chars);
    this._raw = rawValue;
    this._nth = nthDay;
  }
  get values() { return this._values; }
  get min() { return this._min; }
  get max() { return this._max; }
  get chars() { return this._chars; }
  get isWildcard() { return this._raw === '*' || this._raw === '?'; }
  get hasLastChar() { return this._raw.includes('L') || this._values.includes('L'); }
  get hasQuestionMarkChar() { return this._raw.includes('?'); }
  /** The day of week's `#` occurrence (1-5), or 0; on the day-of-week field only. */
  get nthDay() { return this._nth; }
  serialize() { return { wildcard: this.isWildcard, values: [...this._values] }; }
}

/** The six fields of a CronExpression, as cron-parser 5's CronFieldCollection. */
class CronFieldCollection {
  constructor(expression, f) {
    const raw = rawFieldsOf(expression);
    FIELD_KEYS.forEach(([key, name, chars], i) => {
      const field = f[name] || secondsZero;
      let values = field.values;
      // A month of its own drops the days it does not have (cron-parser's CronDayOfMonth.fromMonth).
      if (key === 'dayOfMonth' && f.month && f.month.values.length === 1) {
        const days = values.filter((v) => typeof v !== 'number' || v <= DAYS_IN_MONTH[f.month.values[0] - 1]);
        if (days.length > 0) values = days;
      }
      this['_' + key] = new CronField({ ...field, values }, raw[i], chars, key === 'dayOfWeek' ? field.nth || 0 : 0);
    });
  }
  get second() { return this._second; }
  get minute() { return this._minute; }
  get hour() { return this._hour; }
  get dayOfMonth() { return this._dayOfMonth; }
  get month() { return this._month; }
  get dayOfWeek() { return this._dayOfWeek; }
  /** The expression as cron-parser writes it back. */
  stringify(includeSeconds = false) {
    const order = ['minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek'];
    if (includeSeconds) order.unshift('second');
    return order.map((key) => cronParserField(key, this['_' + key], this)).join(' ');
  }
  serialize() {
    const out = {};
    for (const [key] of FIELD_KEYS) out[key] = this['_' + key].serialize();
    return out;
  }
}


module.exports = { CronField, CronFieldCollection };
