/** Placeholder until the screen lands. */
export default function OpportunityList() {
  return <h1>OpportunityList</h1>;
}
