/** Replaced by the catalogue work: Choose an activity. */
const Screen = () => <main><h1>Choose an activity</h1></main>;
export default Screen;
