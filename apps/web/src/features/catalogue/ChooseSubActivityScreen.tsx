/** Replaced by the catalogue work: Choose a sub-activity. */
const Screen = () => <main><h1>Choose a sub-activity</h1></main>;
export default Screen;
