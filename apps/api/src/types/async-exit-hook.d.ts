declare module 'async-exit-hook' {
  type Hook = ((done: () => void) => void) | (() => void);
  type ExitHook = ((hook: Hook) => void) & { unhookEvent: (event: string) => void };
  const exitHook: ExitHook;
  export default exitHook;
}
