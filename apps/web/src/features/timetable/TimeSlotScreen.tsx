/** Replaced by the shell work: Choose a time slot. */
const Screen = () => <main><h1>Choose a time slot</h1></main>;
export default Screen;
