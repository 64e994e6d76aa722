/** Placeholder until the screen lands. */
export default function Pipeline() {
  return <h1>Pipeline</h1>;
}
