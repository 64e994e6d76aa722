/** Placeholder until the screen lands. */
export default function Today() {
  return <h1>Today</h1>;
}
