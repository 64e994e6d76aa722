import { PeriodicJob } from '../../../src/platform/common/periodic-job';

describe('PeriodicJob', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs a round every interval, never two at once, and stop() waits for the running round', async () => {
    let started = 0;
    let finish: () => void = () => undefined;
    const job = new PeriodicJob(
      () => {
        started++;
        return new Promise<void>((r) => (finish = r));
      },
      () => undefined,
    );
    job.start(1000);
    await jest.advanceTimersByTimeAsync(999);
    expect(started).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(started).toBe(1);
    await jest.advanceTimersByTimeAsync(3000); // still running: the ticks are skipped
    expect(started).toBe(1);
    finish();
    await jest.advanceTimersByTimeAsync(1000);
    expect(started).toBe(2);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await jest.advanceTimersByTimeAsync(5000);
    expect(started).toBe(2);
  });

  it('reports a failed round and goes on; 0 leaves it off', async () => {
    const errors: unknown[] = [];
    let n = 0;
    const job = new PeriodicJob(async () => {
      if (++n === 1) throw new Error('boom');
    }, (e) => errors.push(e));
    job.start(100);
    await jest.advanceTimersByTimeAsync(200);
    expect(n).toBe(2);
    expect(errors).toHaveLength(1);
    await job.stop();
    const off = new PeriodicJob(async () => void n++, () => undefined);
    off.start(0);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(n).toBe(2);
  });
});
