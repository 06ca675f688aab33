/** Replaced by the catalogue work: Choose a course. */
const Screen = () => <main><h1>Choose a course</h1></main>;
export default Screen;
