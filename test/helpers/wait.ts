/** What `waitFor` hands back: the value once it is truthy. */
export type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

/**
 * Polls `fn` every 25 ms until it answers something truthy and returns that, for at most `ms` (a generous
 * deadline: a loaded machine is slow, a passing test does not wait it out); then throws.
 */
export async function waitFor<T>(fn: () => T | Promise<T>, ms = 15_000): Promise<Truthy<T>> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v as Truthy<T>;
    if (Date.now() > until) throw new Error(`timed out waiting (${ms} ms)`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
