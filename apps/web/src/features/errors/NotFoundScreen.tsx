/** Replaced by the shell work: Whoops! Looks like you've gone offside.. */
const Screen = () => <main><h1>Whoops! Looks like you've gone offside.</h1></main>;
export default Screen;
