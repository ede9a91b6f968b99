/**
 * For the domain's tests: runs `fn`, which must refuse with an error of `type`, and answers that error
 * so a test can compare its fields. Any other error goes on up; no error at all fails.
 */
export function caught<E extends Error>(fn: () => unknown, type: abstract new (...args: never[]) => E): E {
  try {
    fn();
  } catch (err) {
    if (err instanceof type) return err;
    throw err;
  }
  throw new Error(`expected a ${type.name}`);
}
