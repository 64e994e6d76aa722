/** Placeholder until the screen lands. */
export default function Search() {
  return <h1>Search</h1>;
}
