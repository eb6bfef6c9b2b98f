'use strict';
// `fuzzycron/cron-parser4`: exactly cron-parser 4's main module (for an npm
// alias of cron-parser@4 or code that wants 4.x's shape alone).
module.exports = require('./cron-parser4.js').CronParser;
