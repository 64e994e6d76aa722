/** Placeholder until the screen lands. */
export default function People() {
  return <h1>People</h1>;
}
