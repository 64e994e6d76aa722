/**
 * jest's own order (files that failed last time first, then the longest first, from its timing cache), with
 * an estimate for files jest has no timing of (jest.groups.js, `estimatedSeconds`). Without it a clean clone
 * orders files by size, and the group files, a few lines each and the longest to run, started last: the run
 * then ended with one or two workers busy for a minute. Plain CommonJS: jest loads it without a transform.
 */
const Sequencer = require('@jest/test-sequencer').default;
const { estimatedSeconds, projectEnv } = require('./jest.groups');

class EstimatingSequencer extends Sequencer {
  time(test) {
    // a run over both databases: a group's files depend on its project (jest.groups.js, bothDatabases)
    const project = test.context.config.displayName?.name;
    return super.time(test) ?? estimatedSeconds(test.path, project ? projectEnv(project) : process.env) * 1000;
  }
}

module.exports = EstimatingSequencer;
