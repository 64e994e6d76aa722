/** Placeholder until the screen lands. */
export default function Companies() {
  return <h1>Companies</h1>;
}
