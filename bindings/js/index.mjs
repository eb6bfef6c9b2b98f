// The ES module: the same objects as the CommonJS entry (index.js).
import { createRequire } from 'node:module';

const fuzzycron = createRequire(import.meta.url)('./index.js');

export const {
  parse, explain, lint, resolve, offset, spread, version, Schedule, FuzzycronError, releaseAll,
  CronExpressionParser, CronExpression, CronFieldCollection, CronField, CronFileParser, CronDate,
  parseExpression, fieldsToExpression, parseString, parseFile,
} = fuzzycron;
export default CronExpressionParser;
