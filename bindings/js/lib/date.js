'use strict';
// cron-parser 4's `cron-parser/lib/date` (node-schedule loads it).
module.exports = require('../cron-parser4.js').CronDate;
