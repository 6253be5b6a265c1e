/**
 * The default branch of a `switch` over one of the contract's closed unions (order status, payment method, lesson
 * status, ...): a state added to the union and forgotten in the switch is a compile error, not a silent fall-through.
 */
export function unreachable(value: never): never {
  throw new Error(`unhandled state: ${String(value)}`);
}
