'use strict';
// Loaded by mocha before Bull's test_repeat.js (package.json): its `new redis()`
// (ioredis's defaults, port 6379) goes to the redis-server that run.sh started
// on a free loopback port, given in REDIS_PORT.
const port = Number(process.env.REDIS_PORT);
if (!port) throw new Error('REDIS_PORT is not set (tests/js/dependents/run.sh starts redis-server)');
require('ioredis/built/redis/RedisOptions').DEFAULT_REDIS_OPTIONS.port = port;
