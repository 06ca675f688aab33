/** Replaced by the catalogue work: Course details. */
const Screen = () => <main><h1>Course details</h1></main>;
export default Screen;
