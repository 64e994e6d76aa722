/**
 * jest's own order (files that failed last time first, then the longest first, from its timing cache), with
 * an estimate for files jest has no timing of (jest.groups.js, `estimatedSeconds`). Without it a clean clone
 * orders files by size, and the group files, a few lines each and the longest to run, started last: the run
 * then ended with one or two workers busy for a minute. Plain CommonJS: jest loads it without a transform.
 */
const Sequencer = require('@jest/test-sequencer').default;
const { estimatedSeconds } = require('./jest.groups');

class EstimatingSequencer extends Sequencer {
  time(test) {
    return super.time(test) ?? estimatedSeconds(test.path) * 1000;
  }
}

module.exports = EstimatingSequencer;
