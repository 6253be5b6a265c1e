/**
 * A radio group's one Tab stop (WAI-ARIA radio group): the chosen option, or the first while none is. The browser
 * already skips a named group's other radios once one is checked, but stops on each while none is; the arrow keys
 * still move within the group.
 */
export function rovingTabIndex<T>(option: T, chosen: T | null | undefined, options: readonly T[]): 0 | -1 {
  const stop = chosen !== null && chosen !== undefined && options.includes(chosen) ? chosen : options[0];
  return option === stop ? 0 : -1;
}
