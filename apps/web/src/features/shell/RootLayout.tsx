/** Replaced by the shell work: Layout. */
import { Outlet } from "react-router";
const Screen = () => <Outlet />;
export default Screen;
