/** Replaced by the catalogue work: Choose a venue. */
const Screen = () => <main><h1>Choose a venue</h1></main>;
export default Screen;
