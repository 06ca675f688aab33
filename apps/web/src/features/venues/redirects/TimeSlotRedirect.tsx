/** Replaced by the catalogue work: Redirect. */
const Screen = () => <main><h1>Redirect</h1></main>;
export default Screen;
